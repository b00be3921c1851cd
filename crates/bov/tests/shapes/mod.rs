//! Terrain outlines shared by the line-of-sight property tests and the
//! line-of-sight benchmark, so both draw the same kind of clutter.

use valerna_bov::geometry::Point;

/// The outline of a `w` x `h` piece at `(x, y)`: a rectangle when `l` is
/// false, else an L shape (not convex).
pub fn rect_or_l(l: bool, x: f64, y: f64, w: f64, h: f64) -> Vec<Point> {
    if l {
        vec![
            Point::new(x, y),
            Point::new(x + w, y),
            Point::new(x + w, y + h / 2.0),
            Point::new(x + w / 2.0, y + h / 2.0),
            Point::new(x + w / 2.0, y + h),
            Point::new(x, y + h),
        ]
    } else {
        vec![
            Point::new(x, y),
            Point::new(x + w, y),
            Point::new(x + w, y + h),
            Point::new(x, y + h),
        ]
    }
}

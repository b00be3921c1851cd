//! Charts, drawn with plotters in the bundled DejaVu Sans font so they look
//! the same on a machine without fonts.

use std::path::Path;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use valerna_dice::Pmf;

use crate::error::CliError;

const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
pub(crate) const FAMILY: &str = "sans-serif";

pub(crate) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is bundled and known good; a failure here is a build defect.
        plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .unwrap_or_else(|_| panic!("bundled font DejaVuSans.ttf is not a valid font"));
    });
}

/// The size of a chart's title, in pixels.
const TITLE_SIZE: f64 = 18.0;

/// `title` in lines that each fit `width` pixels in the bundled font at
/// the title's size, broken between words: a title is never cut off.
pub(crate) fn title_lines(title: &str, width: u32) -> Vec<String> {
    register_font();
    let font = (FAMILY, TITLE_SIZE).into_font();
    // Measured in the font; an estimate of 0.6 em a character if it cannot be.
    let fits = |s: &str| {
        let w = font
            .box_size(s)
            .map_or((s.chars().count() as f64 * TITLE_SIZE * 0.6) as u32, |b| {
                b.0
            });
        w <= width
    };
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in title.split_whitespace() {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || fits(&longer) {
            line = longer;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `title` centred at the top of `root`, on as many lines as it
/// needs, and gives the area below it.
pub(crate) fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let (w, _) = root.dim_in_pixel();
    let margin = 16;
    let lines = title_lines(title, w.saturating_sub(2 * margin));
    let step = (TITLE_SIZE * 1.3) as u32;
    let style = (FAMILY, TITLE_SIZE)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, line) in lines.iter().enumerate() {
        let y = margin + i as u32 * step;
        root.draw_text(line, &style, ((w / 2) as i32, y as i32))?;
    }
    let used = margin + lines.len() as u32 * step;
    Ok(root.split_vertically(used).1)
}

/// The picture formats a chart can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format named by the file's extension.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }
}

/// A drawing for any plotters backend: the same picture as SVG or PNG.
pub trait Picture {
    fn draw<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), String>
    where
        DB::ErrorType: 'static;
}

/// Draws `picture` at `size` pixels in memory, in the format `path`'s
/// extension names, then writes it whole (`error::write_atomic`). A path
/// that is not a regular file (a pipe, a device) is refused at once, never
/// waited on, and a failed write (a full disk) is said in words, naming
/// `what` ("--plot 'wounds.png'").
pub fn write_picture(
    path: &Path,
    what: &str,
    size: (u32, u32),
    picture: &impl Picture,
) -> Result<(), CliError> {
    let Some(format) = Format::of(path) else {
        return Err(CliError::usage(format!(
            "{what}: the file must end in .svg or .png"
        )));
    };
    crate::error::check_writable(path, what)?;
    register_font();
    let failed = |e: String| CliError::failed(format!("{what}: drawing failed: {e}"));
    let bytes = match format {
        Format::Svg => {
            let mut svg = String::new();
            picture
                .draw(SVGBackend::with_string(&mut svg, size).into_drawing_area())
                .map_err(failed)?;
            svg.into_bytes()
        }
        Format::Png => {
            use image::ImageEncoder;
            let (w, h) = size;
            let mut rgb = vec![0u8; w as usize * h as usize * 3];
            picture
                .draw(BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area())
                .map_err(failed)?;
            let mut png = Vec::new();
            image::codecs::png::PngEncoder::new(&mut png)
                .write_image(&rgb, w, h, image::ColorType::Rgb8)
                .map_err(|e| failed(e.to_string()))?;
            png
        }
    };
    crate::error::write_atomic(path, what, &bytes)
}

/// A distribution's chart: bars of P(= k) with the line of P(≥ k).
struct Distribution<'a> {
    title: &'a str,
    quantity: &'a str,
    p: &'a Pmf,
}

impl Picture for Distribution<'_> {
    fn draw<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), String>
    where
        DB::ErrorType: 'static,
    {
        draw(root, self.title, self.quantity, self.p).map_err(|e| e.to_string())
    }
}

/// Draws `p` as bars of P(= k) with the line of P(≥ k), to an SVG or PNG
/// file chosen by the extension of `path`.
pub fn distribution(path: &Path, title: &str, quantity: &str, p: &Pmf) -> Result<(), CliError> {
    let what = format!("--plot '{}'", path.display());
    write_picture(
        path,
        &what,
        (960, 540),
        &Distribution { title, quantity, p },
    )
}

/// The range of outcomes worth drawing: those that print as at least 0.01%.
fn visible_range(p: &Pmf) -> (usize, usize) {
    let shown: Vec<usize> = (0..=p.max()).filter(|&k| p.p(k) >= 1e-4).collect();
    match (shown.first(), shown.last()) {
        (Some(&lo), Some(&hi)) => (lo, hi),
        _ => (0, p.max()),
    }
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    quantity: &str,
    p: &Pmf,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (lo, hi) = visible_range(p);
    let (lo, hi) = (lo as u32, hi as u32);
    let below = titled(&root, title)?;
    let mut chart = ChartBuilder::on(&below)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d((lo..hi).into_segmented(), 0f64..1.0)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(quantity)
        .y_desc("probability")
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .label_style((FAMILY, 14))
        .draw()?;
    let bars = RGBColor(70, 110, 170);
    let line = RGBColor(200, 70, 50);
    chart
        .draw_series(
            Histogram::vertical(&chart)
                .style(bars.filled())
                .margin(3)
                .data((lo..=hi).map(|k| (k, p.p(k as usize)))),
        )?
        .label(format!("exactly k {quantity}"))
        .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], bars.filled()));
    chart
        .draw_series(LineSeries::new(
            (lo..=hi).map(|k| (SegmentValue::CenterOf(k), p.at_least(k as usize))),
            line.stroke_width(2),
        ))?
        .label(format!("at least k {quantity}"))
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 12, y)], line.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FAMILY, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

//! The balance reports' SVG charts: rates with their 95% intervals, and
//! lines over rounds. Drawn with plotters in the bundled font, so a report
//! looks the same on every machine.

use std::path::Path;

use plotters::prelude::*;

use crate::error::CliError;
use crate::plot::{FAMILY, register_font};

/// One bar: a rate and its 95% interval (all in 0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A named series of values over the same categories or x positions.
pub struct Series<T> {
    pub name: String,
    pub values: Vec<T>,
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(70, 110, 170),
    RGBColor(200, 90, 50),
    RGBColor(90, 150, 80),
    RGBColor(150, 90, 160),
    RGBColor(190, 160, 40),
    RGBColor(90, 90, 90),
];

/// The shade of the rates counted as fair: light, behind the bars.
const BAND: RGBColor = RGBColor(222, 238, 214);

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn failed(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::failed(format!("could not draw {}: {e}", path.display()))
}

/// Grouped bars, one group per category and one bar per series, each with
/// its interval as a whisker; `line` draws a dashed reference (e.g. the
/// fair share) across the chart, and `band` shades the rates counted as
/// fair (e.g. 40% to 60%) behind the bars.
pub fn rates(
    path: &Path,
    title: &str,
    y_desc: &str,
    categories: &[String],
    series: &[Series<Rate>],
    line: Option<f64>,
    band: Option<(f64, f64)>,
) -> Result<(), CliError> {
    register_font();
    let longest = categories
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(0);
    // About 7 px a character at 14 px: labels wider than their column.
    let crowded = longest * 7 > 880 / categories.len().max(1);
    if categories.len() > 8 || crowded {
        // Many or long categories: one row each, so that no label overlaps
        // another.
        let height = 120 + 28 * categories.len() as u32 * series.len().max(1) as u32;
        let root = SVGBackend::new(path, (960, height)).into_drawing_area();
        return draw_rows(&root, title, y_desc, categories, series, line, band)
            .map_err(|e| failed(path, e));
    }
    let root = SVGBackend::new(path, (960, 480)).into_drawing_area();
    draw_rates(&root, title, y_desc, categories, series, line, band).map_err(|e| failed(path, e))
}

/// The top of a rate axis: a little above the highest whisker.
fn axis_top(series: &[Series<Rate>], line: Option<f64>, band: Option<(f64, f64)>) -> f64 {
    let top = series
        .iter()
        .flat_map(|s| s.values.iter().map(|r| r.hi))
        .chain(line)
        .chain(band.map(|(_, hi)| hi))
        .fold(0.0f64, f64::max);
    ((top * 10.0).ceil() / 10.0 + 0.05).clamp(0.1, 1.0)
}

fn draw_rows(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    x_desc: &str,
    categories: &[String],
    series: &[Series<Rate>],
    line: Option<f64>,
    band: Option<(f64, f64)>,
) -> Result<(), Box<dyn std::error::Error>> {
    root.fill(&WHITE)?;
    let n = categories.len().max(1);
    let top = axis_top(series, line, band);
    let label_width = categories.iter().map(|c| c.len()).max().unwrap_or(4) as u32 * 8 + 16;
    let below = crate::plot::titled(root, title)?;
    let mut chart = ChartBuilder::on(&below)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(label_width)
        .build_cartesian_2d(0f64..top, 0f64..n as f64)?;
    let names: Vec<String> = categories.to_vec();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc(x_desc)
        .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .label_style((FAMILY, 14))
        .draw()?;
    if let Some((lo, hi)) = band {
        chart.draw_series(std::iter::once(Rectangle::new(
            [(lo, 0.0), (hi, n as f64)],
            BAND.filled(),
        )))?;
    }
    // Row i from the top: the first category is drawn highest.
    let row = |i: usize| (n - 1 - i) as f64;
    for (i, name) in names.iter().enumerate() {
        chart.draw_series(std::iter::once(Text::new(
            name.clone(),
            (-top * 0.01, row(i) + 0.5),
            (FAMILY, 14)
                .into_font()
                .color(&BLACK)
                .pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Right,
                    plotters::style::text_anchor::VPos::Center,
                )),
        )))?;
    }
    let k = series.len().max(1) as f64;
    let width = 0.8 / k;
    for (si, s) in series.iter().enumerate() {
        let c = colour(si);
        let bottom = move |i: usize| row(i) + 0.9 - (si as f64 + 1.0) * width;
        chart
            .draw_series(s.values.iter().enumerate().map(|(i, r)| {
                Rectangle::new(
                    [(0.0, bottom(i) + 0.01), (r.value, bottom(i) + width - 0.01)],
                    c.filled(),
                )
            }))?
            .label(s.name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        chart.draw_series(s.values.iter().enumerate().flat_map(|(i, r)| {
            let mid = bottom(i) + width / 2.0;
            let cap = width / 4.0;
            [
                PathElement::new(vec![(r.lo, mid), (r.hi, mid)], BLACK.stroke_width(2)),
                PathElement::new(
                    vec![(r.lo, mid - cap), (r.lo, mid + cap)],
                    BLACK.stroke_width(2),
                ),
                PathElement::new(
                    vec![(r.hi, mid - cap), (r.hi, mid + cap)],
                    BLACK.stroke_width(2),
                ),
            ]
        }))?;
    }
    if let Some(x) = line {
        chart.draw_series(DashedLineSeries::new(
            vec![(x, 0.0), (x, n as f64)],
            6,
            4,
            BLACK.mix(0.6).stroke_width(1),
        ))?;
    }
    if series.len() > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .label_font((FAMILY, 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

fn draw_rates(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    y_desc: &str,
    categories: &[String],
    series: &[Series<Rate>],
    line: Option<f64>,
    band: Option<(f64, f64)>,
) -> Result<(), Box<dyn std::error::Error>> {
    root.fill(&WHITE)?;
    let n = categories.len().max(1);
    let top = axis_top(series, line, band);
    let below = crate::plot::titled(root, title)?;
    let mut chart = ChartBuilder::on(&below)
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..n as f64, 0f64..top)?;
    let names: Vec<String> = categories.to_vec();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(y_desc)
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .label_style((FAMILY, 14))
        .draw()?;
    if let Some((lo, hi)) = band {
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, lo), (n as f64, hi)],
            BAND.filled(),
        )))?;
    }
    for (i, name) in names.iter().enumerate() {
        chart.draw_series(std::iter::once(Text::new(
            name.clone(),
            (i as f64 + 0.5, -top * 0.01),
            (FAMILY, 14)
                .into_font()
                .color(&BLACK)
                .pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Center,
                    plotters::style::text_anchor::VPos::Top,
                )),
        )))?;
    }
    let k = series.len().max(1) as f64;
    let width = 0.8 / k;
    for (si, s) in series.iter().enumerate() {
        let c = colour(si);
        let left = |i: usize| i as f64 + 0.1 + si as f64 * width;
        chart
            .draw_series(s.values.iter().enumerate().map(|(i, r)| {
                Rectangle::new(
                    [(left(i) + 0.01, 0.0), (left(i) + width - 0.01, r.value)],
                    c.filled(),
                )
            }))?
            .label(s.name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        chart.draw_series(s.values.iter().enumerate().map(|(i, r)| {
            let mid = left(i) + width / 2.0;
            PathElement::new(vec![(mid, r.lo), (mid, r.hi)], BLACK.stroke_width(2))
        }))?;
        for cap in [|r: &Rate| r.lo, |r: &Rate| r.hi] {
            chart.draw_series(s.values.iter().enumerate().map(|(i, r)| {
                let mid = left(i) + width / 2.0;
                PathElement::new(
                    vec![(mid - width / 6.0, cap(r)), (mid + width / 6.0, cap(r))],
                    BLACK.stroke_width(2),
                )
            }))?;
        }
    }
    if let Some(y) = line {
        chart.draw_series(DashedLineSeries::new(
            vec![(0.0, y), (n as f64, y)],
            6,
            4,
            BLACK.mix(0.6).stroke_width(1),
        ))?;
    }
    if series.len() > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font((FAMILY, 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

/// Lines over x = 1, 2, 3...: one per series.
pub fn lines(
    path: &Path,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    series: &[Series<f64>],
) -> Result<(), CliError> {
    register_font();
    let root = SVGBackend::new(path, (960, 480)).into_drawing_area();
    draw_lines(&root, title, x_desc, y_desc, series).map_err(|e| failed(path, e))
}

fn draw_lines(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    series: &[Series<f64>],
) -> Result<(), Box<dyn std::error::Error>> {
    root.fill(&WHITE)?;
    let len = series
        .iter()
        .map(|s| s.values.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let top = series
        .iter()
        .flat_map(|s| s.values.iter().copied())
        .fold(1.0f64, f64::max)
        * 1.1;
    let below = crate::plot::titled(root, title)?;
    let mut chart = ChartBuilder::on(&below)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(1f64..(len as f64).max(2.0), 0f64..top)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(len.min(12))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .label_style((FAMILY, 14))
        .draw()?;
    for (si, s) in series.iter().enumerate() {
        let c = colour(si);
        chart
            .draw_series(LineSeries::new(
                s.values
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| (i as f64 + 1.0, v)),
                c.stroke_width(2),
            ))?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 12, y)], c.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FAMILY, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

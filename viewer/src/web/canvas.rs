//! plotters' drawing backend on the page's 2D canvas context, in place of the
//! `plotters-canvas` crate: the same strokes and fills (horizontal and vertical lines moved
//! half a pixel so they stay sharp, as there), but a colour is written as `#rrggbb` with its
//! alpha set as the context's `globalAlpha`, not as `rgba(r,g,b,a)` text. Writing the alpha
//! as text brought Rust's float formatting into the wasm for one number per colour. Text is
//! never drawn through plotters (the chart's `Pen` draws every text on the context), so
//! `draw_text` and `estimate_text_size` draw and measure nothing.

use crate::palette::css;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

pub struct Canvas {
    ctx: CanvasRenderingContext2d,
    size: (u32, u32),
}

/// A drawing call the context refused (only `arc` reports one: a negative radius).
#[derive(Debug)]
pub struct CanvasError;

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("canvas refused a drawing call")
    }
}

impl std::error::Error for CanvasError {}

type Drawn = Result<(), DrawingErrorKind<CanvasError>>;

impl Canvas {
    pub fn new(canvas: &HtmlCanvasElement, ctx: CanvasRenderingContext2d) -> Canvas {
        Canvas { ctx, size: (canvas.width(), canvas.height()) }
    }

    /// Sets `color` as the fill or stroke style; false when it is invisible.
    fn paint(&self, color: BackendColor, stroke: Option<u32>) -> bool {
        if color.alpha == 0.0 {
            return false;
        }
        let text = css(color.rgb);
        self.ctx.set_global_alpha(color.alpha);
        match stroke {
            Some(width) => {
                self.ctx.set_stroke_style_str(&text);
                self.ctx.set_line_width(f64::from(width));
            }
            None => self.ctx.set_fill_style_str(&text),
        }
        true
    }

    /// Back to opaque for what the `Pen` draws next.
    fn done(&self) -> Drawn {
        self.ctx.set_global_alpha(1.0);
        Ok(())
    }

    /// A new path through `points`, closed back to its first point when `close` (a polygon).
    fn trace(&self, points: impl IntoIterator<Item = BackendCoord>, close: bool) {
        self.ctx.begin_path();
        let mut points = points.into_iter();
        if let Some(start) = points.next() {
            self.ctx.move_to(f64::from(start.0), f64::from(start.1));
            for next in points {
                self.ctx.line_to(f64::from(next.0), f64::from(next.1));
            }
            if close {
                self.ctx.close_path();
            }
        }
    }
}

/// A horizontal or vertical line moved half a pixel left or up, so that a one-pixel line
/// covers one row of pixels instead of two blurred ones (as `plotters-canvas` does).
pub fn sharp(from: BackendCoord, to: BackendCoord) -> ((f64, f64), (f64, f64)) {
    let (mut a, mut b) = ((f64::from(from.0), f64::from(from.1)), (f64::from(to.0), f64::from(to.1)));
    if from.0 == to.0 {
        a.0 -= 0.5;
        b.0 -= 0.5;
    }
    if from.1 == to.1 {
        a.1 -= 0.5;
        b.1 -= 0.5;
    }
    (a, b)
}

impl DrawingBackend for Canvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Drawn {
        Ok(())
    }

    fn present(&mut self) -> Drawn {
        Ok(())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        if self.paint(color, None) {
            self.ctx.fill_rect(f64::from(point.0), f64::from(point.1), 1.0, 1.0);
        }
        self.done()
    }

    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Drawn {
        if self.paint(style.color(), Some(style.stroke_width())) {
            let (a, b) = sharp(from, to);
            self.ctx.begin_path();
            self.ctx.move_to(a.0, a.1);
            self.ctx.line_to(b.0, b.1);
            self.ctx.stroke();
        }
        self.done()
    }

    fn draw_rect<S: BackendStyle>(&mut self, upper_left: BackendCoord, bottom_right: BackendCoord, style: &S, fill: bool) -> Drawn {
        let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
        let (w, h) = (f64::from(bottom_right.0 - upper_left.0), f64::from(bottom_right.1 - upper_left.1));
        if fill {
            if self.paint(style.color(), None) {
                self.ctx.fill_rect(x, y, w, h);
            }
        } else if self.paint(style.color(), Some(style.stroke_width())) {
            self.ctx.stroke_rect(x, y, w, h);
        }
        self.done()
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Drawn {
        if self.paint(style.color(), Some(style.stroke_width())) {
            self.trace(path, false);
            self.ctx.stroke();
        }
        self.done()
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Drawn {
        if self.paint(style.color(), None) {
            self.trace(path, true);
            self.ctx.fill();
        }
        self.done()
    }

    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Drawn {
        if self.paint(style.color(), if fill { None } else { Some(style.stroke_width()) }) {
            self.ctx.begin_path();
            self.ctx.arc(f64::from(center.0), f64::from(center.1), f64::from(radius), 0.0, std::f64::consts::TAU).map_err(|_| DrawingErrorKind::DrawingError(CanvasError))?;
            if fill {
                self.ctx.fill();
            } else {
                self.ctx.stroke();
            }
        }
        self.done()
    }

    /// Never called: the `Pen` draws the chart's words.
    fn draw_text<T: BackendTextStyle>(&mut self, _: &str, _: &T, _: BackendCoord) -> Drawn {
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(&self, _: &str, _: &T) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        Ok((0, 0))
    }

    fn blit_bitmap(&mut self, _: BackendCoord, _: (u32, u32), _: &[u8]) -> Drawn {
        Ok(())
    }
}

//! Progress while a bundle is read: reading a bundle holding gigabytes of `perf script`
//! takes a while, and a consultant at a terminal should see that it moves. Reading only
//! reports; the front end decides whether to show anything.

/// Told how much there is to read and how far reading has got, in bytes.
pub trait ReadingProgress {
    /// `bytes` more are to be read than announced so far.
    fn expect(&self, bytes: u64);
    /// Reading of the capture (or profile) `name` starts.
    fn file(&self, name: &str);
    /// `bytes` more have been read.
    fn advance(&self, bytes: u64);
}

/// Shows nothing.
pub struct Silent;

impl ReadingProgress for Silent {
    fn expect(&self, _: u64) {}
    fn file(&self, _: &str) {}
    fn advance(&self, _: u64) {}
}

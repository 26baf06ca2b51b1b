//! `data:` URIs, so a flame graph travels inside the one HTML file (as an image and as
//! a file to save) without any request leaving the page.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `data:<mime>;base64,<bytes>`.
pub fn data_uri(mime: &str, bytes: &[u8]) -> String {
    let mut out = format!("data:{mime};base64,");
    out.reserve(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_alphabet_and_padding() {
        let cases: [(&[u8], &str); 5] = [
            (b"", ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"<svg>\xff", "PHN2Zz7/"),
        ];
        for (bytes, encoded) in cases {
            assert_eq!(data_uri("x/y", bytes), format!("data:x/y;base64,{encoded}"));
        }
    }
}

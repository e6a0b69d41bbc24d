//! Text from a link as the page may echo it: made visible (no hidden, reordering or line-breaking characters) and capped.

/// Text from a link as it may be shown: every character that could hide or reorder what is around it
/// (controls, bidi overrides and isolates, zero-width and other invisible format characters, line and
/// paragraph separators) written out as `\u{XXXX}`, then cut to `max_chars` with "…". So a crafted link can
/// neither make a warning read as the page's own sentence by reordering it nor hide text in it.
pub fn quote_link_text(s: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in s.chars() {
        let piece = if hides_or_reorders(c) {
            format!("\\u{{{:04X}}}", u32::from(c))
        } else {
            c.to_string()
        };
        let len = piece.chars().count();
        if n + len > max_chars {
            out.push('…');
            return out;
        }
        n += len;
        out.push_str(&piece);
    }
    out
}

/// Characters that are invisible or change the order or the lines of the text around them.
fn hides_or_reorders(c: char) -> bool {
    c.is_control()
        || matches!(u32::from(c),
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

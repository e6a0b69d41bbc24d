//! Where a deserialisation error is in catalog.json: the entry (section and id) and the field, so an
//! error names them.

/// The JSON key written last before `column` on `line`: the field a deserialisation error is about.
pub(super) fn field_before(json: &str, line: usize, column: usize) -> Option<String> {
    let text = json.lines().nth(line.checked_sub(1)?)?;
    let head = text.get(..column.min(text.len()))?;
    let colon = head.rfind("\":")?;
    let key = head.get(..colon)?;
    key.rfind('"').and_then(|i| key.get(i + 1..)).map(str::to_owned)
}

/// Names the entry on a line of the catalog: the top-level field it belongs to and its id, if any.
pub(super) fn entry_at_line(json: &str, line: usize) -> String {
    let lines: Vec<&str> = json.lines().collect();
    let text = lines.get(line.saturating_sub(1)).copied().unwrap_or("");
    // The section is the last `"key":[` opened at or before this line.
    let section = lines
        .iter()
        .take(line)
        .rev()
        .find_map(|l| {
            let l = l.trim_end();
            let i = l.strip_suffix("\":[").map(str::len)?;
            let head = l.get(..i)?;
            head.rfind('"').and_then(|j| head.get(j + 1..)).map(str::to_owned)
        })
        .unwrap_or_else(|| "catalog".into());
    let id = ["\"id\":\"", "\"instance\":\""].iter().find_map(|k| {
        let i = text.find(k)? + k.len();
        let rest = text.get(i..)?;
        rest.get(..rest.find('"')?).map(str::to_owned)
    });
    match id {
        Some(id) => format!("{section} entry ({id}), line {line}"),
        None => format!("{section}, line {line}"),
    }
}

/// The first control character a JSON string of `json` carries (written as an escape: `\n`, `\t`, `\u001f`,
/// ...), as (line, code point). The page's build writes the catalog as one token stream that a control
/// character can break (U+001F separates its tokens), and no catalog text needs one, so `Catalog::parse`
/// refuses them all: whatever parses, builds.
pub(super) fn control_escape(json: &str) -> Option<(usize, u32)> {
    let mut line = 1;
    let mut in_string = false;
    let mut chars = json.chars();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '"' => in_string = !in_string,
            '\\' if in_string => {
                let code = match chars.next()? {
                    'b' => 0x08,
                    'f' => 0x0C,
                    'n' => 0x0A,
                    'r' => 0x0D,
                    't' => 0x09,
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        u32::from_str_radix(&hex, 16).unwrap_or(0x20)
                    }
                    _ => 0x20,
                };
                if code < 0x20 || (0x7F..0xA0).contains(&code) {
                    return Some((line, code));
                }
            }
            c if in_string && c.is_control() => return Some((line, u32::from(c))),
            _ => {}
        }
    }
    None
}

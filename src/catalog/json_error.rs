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

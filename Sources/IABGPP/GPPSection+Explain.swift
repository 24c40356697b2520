// What each value of a field means, from the value columns of the section tables. One rule per
// kind of field, chosen by the field's specification name: the US tables name their Int(2) fields
// by kind (…Notice, …OptOut, …Consent(s), Mspa…), and each kind's values mean the same in every US
// section, except SensitiveDataProcessing, whose meaning each section's table gives
// (``USSectionDefinition/sensitiveDataProcessing``).

extension GPPFieldRow {
    /// What each integer of the field means, from its section's table (`1` → `Opted Out`); for a
    /// fixed list of Int(2) each item's. `nil` for a field whose table gives numbers no words
    /// (CmpId, MspaVersion…), booleans, id sets and a US Privacy flag (see ``flagMeanings``).
    ///
    /// - Parameter sectionId: the section the row belongs to (SensitiveDataProcessing depends on it).
    public func valueMeanings(sectionId: Int) -> [Int: String]? {
        guard USSectionDefinition.definition(sectionId) != nil, let type else { return nil }
        // The typed fields' enums own the words (USSection+Typed.swift).
        return USFieldKind.valueType(of: name, type, sectionId: sectionId)?.meanings
    }

    /// What a US Privacy flag means (`Y` → `Yes`, `N` → `No`, `-` → `Not Applicable`); empty for
    /// any other row.
    public var flagMeanings: [String: String] {
        type == nil ? ["Y": "Yes", "N": "No", "-": "Not Applicable"] : [:]
    }

    /// The value in words for a reader: each integer with its meaning (`1 = Opted Out`; a list as each
    /// value it holds once, `1 = Opted Out, 0 = Not Applicable`), a Datetime as its ISO-8601 time, a flag with its
    /// meaning (`Y = Yes`), TCF Canada's PubRestrictions with their restriction types; `nil` for
    /// a value with nothing to add to its JSON form (numbers without words, id sets) or an
    /// absent sub-section.
    public func meaning(sectionId: Int) -> String? {
        guard let value else { return nil }
        if let type, let text = type.schemaText(value) { return text }
        if let flag = value.string, let word = flagMeanings[flag] { return "\(flag) = \(word)" }
        if let records = value.records, name == "PubRestrictions" {
            let types = [0: "Not Allowed", 1: "Require Express Consent", 2: "Require Implied Consent", 3: "undefined"]
            return records.map { "purpose \($0.key): \($0.type) = \(types[$0.type] ?? "?")" }.joined(separator: "; ")
        }
        guard let meanings = valueMeanings(sectionId: sectionId) else { return nil }
        func word(_ int: Int) -> String { "\(int) = \(meanings[int] ?? "?")" }
        if let int = value.int { return word(int) }
        if let list = value.list {
            // Each value once, in the order it first appears.
            var seen: [Int] = []
            for int in list where !seen.contains(int) { seen.append(int) }
            return seen.map(word).joined(separator: ", ")
        }
        return nil
    }
}

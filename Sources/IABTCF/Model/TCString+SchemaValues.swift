// The numbers each key of the decode schema takes, from the field tables (`TCString+Fields.swift`):
// what `tcstring encode` accepts and its `--help` lists, spelled nowhere else.

extension TCFSchemaKey {
    /// The key's row of `table`.
    fileprivate func row<Model>(in table: [TCFField<Model>]) -> TCFField<Model> {
        guard let row = table.first(where: { $0.key.stringValue == stringValue }) else {
            preconditionFailure("\(stringValue) has no row in its field table")
        }
        return row
    }
}

extension TCString.SchemaKey {
    /// The numbers the key takes: a number field's values (CmpId 0-4095), an id set's ids
    /// (purposes 1-24); `nil` for the keys that hold no number.
    package var values: ClosedRange<Int>? { row(in: TCString.fieldTable).values }
}

extension PublisherTC.SchemaKey {
    /// The numbers the key takes: NumCustomPurposes 0-63, purposes 1-24, custom purposes 1-63.
    package var values: ClosedRange<Int> { row(in: PublisherTC.fieldTable).values! }
}

extension PublisherRestriction.SchemaKey {
    /// The numbers the key takes: the purposes ``PublisherRestrictions`` takes (1-24; the wire's
    /// PurposeId holds 0-63), RestrictionType 0-3, vendor ids 1-65535.
    package var values: ClosedRange<Int> { row(in: PublisherRestriction.fieldTable).values! }
}

extension ClosedRange<Int> {
    /// `1-24`, as messages and the tool's help write a range.
    package var text: String { "\(lowerBound)-\(upperBound)" }
}

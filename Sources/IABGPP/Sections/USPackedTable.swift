/// One field table of a US section (a core for one Version, or a sub-section) as bit positions:
/// every US field is fixed-width (Int(n), Boolean, or k × Int(2)), so a table's values are its bits
/// as read, at most 64, held in one word and decoded field by field only when asked. Computed once
/// per table from ``USSectionDefinition``, which stays the one owner of the fields.
final class USPackedTable: Sendable {
    /// One field's place: its first bit (from the table's first bit), width and kind.
    struct Slot: Sendable {
        enum Kind: Sendable { case int, boolean, list }
        let offset: Int
        let width: Int
        let kind: Kind
    }

    /// The table's rows.
    let fields: [GPPField]
    /// One slot per row.
    let slots: [Slot]
    /// The bits of all fields (at most 64).
    let bitCount: Int

    /// The packed form of `fields`, `nil` when a field is not fixed-width or they pass 64 bits.
    init?(_ fields: [GPPField]) {
        var slots: [Slot] = []
        var offset = 0
        for field in fields {
            let slot: Slot
            switch field.type {
            case .int(let width) where width <= 57: slot = Slot(offset: offset, width: width, kind: .int)
            case .boolean: slot = Slot(offset: offset, width: 1, kind: .boolean)
            case .intList(let count) where count <= 28: slot = Slot(offset: offset, width: 2 * count, kind: .list)
            default: return nil
            }
            slots.append(slot)
            offset += slot.width
        }
        guard offset <= 64 else { return nil }
        self.fields = fields
        self.slots = slots
        bitCount = offset
    }

    /// Field `index`'s bits in `bits` (the table's bits, right-aligned).
    @inline(__always)
    func raw(_ index: Int, in bits: UInt64) -> UInt64 {
        let slot = slots[index]
        guard slot.width > 0 else { return 0 }
        return bits >> UInt64(bitCount - slot.offset - slot.width) & (UInt64.max >> UInt64(64 - slot.width))
    }

    /// Field `index`'s value in `bits`.
    func value(_ index: Int, in bits: UInt64) -> GPPValue {
        let slot = slots[index]
        let raw = raw(index, in: bits)
        switch slot.kind {
        case .int: return .int(Int(raw))
        case .boolean: return .bool(raw == 1)
        case .list:
            let count = slot.width / 2
            return .list((0..<count).map { Int(raw >> UInt64(2 * (count - 1 - $0)) & 3) })
        }
    }

    /// Every field's value in `bits`, in table order.
    func values(in bits: UInt64) -> [GPPValue] { fields.indices.map { value($0, in: bits) } }

    /// `value`'s bits for field `index`, `nil` when it is of another case or does not fit.
    func bits(of value: GPPValue, at index: Int) -> UInt64? {
        let slot = slots[index]
        switch (slot.kind, value) {
        case (.int, .int(let int)):
            guard int >= 0, int >> slot.width == 0 else { return nil }
            return UInt64(int)
        case (.boolean, .bool(let flag)): return flag ? 1 : 0
        case (.list, .list(let items)):
            guard items.count * 2 == slot.width else { return nil }
            var bits: UInt64 = 0
            for item in items {
                guard item >= 0, item <= 3 else { return nil }
                bits = bits << 2 | UInt64(item)
            }
            return bits
        default: return nil
        }
    }

    /// `bits` with field `index` replaced by `raw` (which fits the field).
    func replacing(_ index: Int, with raw: UInt64, in bits: UInt64) -> UInt64 {
        let slot = slots[index]
        guard slot.width > 0 else { return bits }
        let shift = UInt64(bitCount - slot.offset - slot.width)
        let mask = (UInt64.max >> UInt64(64 - slot.width)) << shift
        return bits & ~mask | raw << shift
    }

    /// The bits of `values` (one per row), `nil` when any does not fit its field.
    func bits(of values: [GPPValue]) -> UInt64? {
        guard values.count == fields.count else { return nil }
        var bits: UInt64 = 0
        for index in values.indices {
            guard let raw = self.bits(of: values[index], at: index) else { return nil }
            bits = replacing(index, with: raw, in: bits)
        }
        return bits
    }
}

/// A US section's tables in packed form, by section id, computed once.
final class USPackedTables: Sendable {
    /// The section's definition.
    let definition: USSectionDefinition
    /// Whether the section is ``USSectionDefinition/Style/classic``.
    let classic: Bool
    /// The first sub-section's id (-1 without one), and its table when it packs.
    let firstSubsectionID: Int
    let firstSubsection: USPackedTable?
    /// Whether a sub-section starts with SubsectionType in the layout without a section header.
    let typedWithoutHeader: Bool
    /// The core's fields per Version (index), `nil` for a Version the section does not have.
    let coreFields: [[GPPField]?]
    /// The core table per Version (index), `nil` for a Version the section does not have (or a
    /// table that does not pack).
    let cores: [USPackedTable?]
    /// The sub-sections' tables, in the definition's order.
    let subsections: [USPackedTable?]

    init(_ definition: USSectionDefinition) {
        self.definition = definition
        classic = definition.style == .classic
        firstSubsectionID = definition.subsections.first?.id ?? -1
        typedWithoutHeader = definition.subsections.count != 1 || definition.subsections[0].typedWithoutHeader
        let highest = definition.cores.keys.max() ?? 0
        coreFields = (0...highest).map { definition.cores[$0] }
        cores = coreFields.map { $0.flatMap(USPackedTable.init) }
        subsections = definition.subsections.map { USPackedTable($0.fields) }
        firstSubsection = subsections.first ?? nil
    }

    /// The core table for `version`.
    func core(_ version: Int) -> USPackedTable? { cores.indices.contains(version) ? cores[version] : nil }

    /// The core's fields for `version`, `nil` for a Version the section does not have.
    func fields(_ version: Int) -> [GPPField]? { coreFields.indices.contains(version) ? coreFields[version] : nil }

    /// Every US section's tables, indexed by id (empty for an id without a definition).
    static let all: [USPackedTables?] = (0...(USSectionDefinition.all.keys.max() ?? 0)).map { id in
        USSectionDefinition.all[id].map(USPackedTables.init)
    }

    /// The tables of section `id`.
    static func of(_ id: Int) -> USPackedTables? { all.indices.contains(id) ? all[id] : nil }
}

extension GPPBitReader {
    /// Reads every field of `table` in one read: their bits, right-aligned. A part too short for
    /// the table is read field by field, for the error that names the first missing field.
    mutating func readFields(_ table: USPackedTable) throws(GPPError) -> UInt64 {
        guard table.bitCount <= remaining else {
            let values = try GPPFieldTable.decode(table.fields, from: &self)
            return table.bits(of: values) ?? 0
        }
        let width = table.bitCount
        if width <= 57 {
            let bits = UInt64(truncatingIfNeeded: peek(width, at: offset))
            offset += width
            return bits
        }
        let high = UInt64(truncatingIfNeeded: peek(width - 32, at: offset))
        let low = UInt64(truncatingIfNeeded: peek(32, at: offset + width - 32))
        offset += width
        return high << 32 | low
    }
}

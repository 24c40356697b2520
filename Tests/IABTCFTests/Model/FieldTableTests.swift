import IABTCF
import Testing

@_spi(TCFSchema) @testable import IABTCF

/// The field tables are the one schema: their keys are the decode schema's, `traverse` and `read`
/// walk them in their order, and the hand-tuned wire decoder and encoder (`CoreFields`,
/// `CoreField.bits(of:)`) read and write exactly the table's core fields, in its order.
@Suite struct FieldTableTests {
    /// Each visited field: its key and its value.
    struct Recorder: TCFVisitor {
        typealias Failure = Never
        var visited: [(key: String, value: AnyHashable?)] = []

        mutating func record(_ key: some TCFSchemaKey, _ value: AnyHashable?) {
            visited.append((key.stringValue, value))
        }
        mutating func visit(_ key: some TCFSchemaKey, int value: Int) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) { record(key, value) }
        mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) { record(key, value) }
    }

    static func visited(_ value: TCString) -> [(key: String, value: AnyHashable?)] {
        var recorder = Recorder()
        value.traverse(&recorder)
        return recorder.visited
    }

    /// The value at a row's key path, optionals unwrapped (`nil` for an absent segment) and a
    /// restriction type as its number, as `traverse` hands them over.
    static func value<Model>(of row: TCFField<Model>, in model: Model) -> AnyHashable? {
        let any = model[keyPath: row.keyPath]
        let mirror = Mirror(reflecting: any)
        let unwrapped: Any? = mirror.displayStyle == .optional ? mirror.children.first?.value : any
        if let type = unwrapped as? RestrictionType { return type.rawValue }
        return unwrapped.map { $0 as! AnyHashable }
    }

    static func models(count: Int, seed: UInt64) -> [TCString] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in RandomModels.model(&rng) }
    }

    @Test func tableKeysAreTheSchemaKeysInOrder() {
        #expect(TCString.fieldTable.map(\.key.stringValue) == TCString.SchemaKey.allCases.map(\.stringValue))
        #expect(PublisherTC.fieldTable.map(\.key.stringValue) == PublisherTC.SchemaKey.allCases.map(\.stringValue))
        #expect(
            PublisherRestriction.fieldTable.map(\.key.stringValue)
                == PublisherRestriction.SchemaKey.allCases.map(\.stringValue)
        )
    }

    /// The first rows are the core's fixed fields in wire order; no later row is one of them.
    @Test func coreRowsAreTheWireCoreFieldsInOrder() {
        let core = CoreField.allCases.map(\.field)
        #expect(TCString.fieldTable.prefix(core.count).map(\.wire) == core)
        #expect(TCString.fieldTable.dropFirst(core.count).allSatisfy { $0.wire.map { !core.contains($0) } ?? true })
    }

    /// `traverse` visits every row, in order, with the value at the row's key path.
    @Test func traverseVisitsEveryRowWithItsKeyPathsValue() {
        for model in Self.models(count: 40, seed: 0xF1E1D) {
            let visited = Self.visited(model)
            #expect(visited.map(\.key) == TCString.fieldTable.map(\.key.stringValue))
            for (row, (_, value)) in zip(TCString.fieldTable, visited) {
                #expect(Self.value(of: row, in: model) == value, "\(row.key.stringValue)")
            }
            if let publisherTC = model.publisherTC {
                var recorder = Recorder()
                publisherTC.traverse(&recorder)
                #expect(recorder.visited.map(\.key) == PublisherTC.fieldTable.map(\.key.stringValue))
                for (row, (_, value)) in zip(PublisherTC.fieldTable, recorder.visited) {
                    #expect(Self.value(of: row, in: publisherTC) == value, "\(row.key.stringValue)")
                }
            }
            for restriction in model.publisherRestrictions {
                var recorder = Recorder()
                restriction.traverse(&recorder)
                #expect(recorder.visited.map(\.key) == PublisherRestriction.fieldTable.map(\.key.stringValue))
                for (row, (_, value)) in zip(PublisherRestriction.fieldTable, recorder.visited) {
                    #expect(Self.value(of: row, in: restriction) == value, "\(row.key.stringValue)")
                }
            }
        }
    }

    /// The wire bits the table's value of a core row stands for.
    static func wireBits(_ row: TCFField<TCString>, _ model: TCString) -> Int {
        let width = row.wire!.width
        switch Self.value(of: row, in: model)!.base {
        case let number as Int: return number
        case let flag as Bool: return flag ? 1 : 0
        case let time as Timestamp: return Int(time.deciseconds)
        case let code as TwoLetterCode: return code.rawValue
        case let set as any SmallIDSet: return Int(set.rawValue >> UInt64(64 - width))
        default:
            Issue.record("\(row.key.stringValue) is no core type")
            return -1
        }
    }

    /// The encoder writes the table's core fields: `CoreField.bits(of:)` of each is the row's value.
    @Test func encoderWritesTheTablesCoreFields() {
        for model in Self.models(count: 40, seed: 0xE2C0) {
            for (field, row) in zip(CoreField.allCases, TCString.fieldTable) {
                #expect(field.bits(of: model) == Self.wireBits(row, model), "\(row.key.stringValue)")
            }
        }
    }

    /// The decoder reads the table's fields: a random model encoded and decoded has the same value
    /// at every row's key path.
    @Test func decoderReadsTheTablesFields() throws {
        for model in Self.models(count: 40, seed: 0xDEC0) {
            let decoded = try TCString(encoded: model.encoded())
            for row in TCString.fieldTable {
                #expect(Self.value(of: row, in: decoded) == Self.value(of: row, in: model), "\(row.key.stringValue)")
            }
        }
    }

    /// Replays visited values: `read` asks for the keys in the order `traverse` visits them.
    struct Replayer: TCFReader {
        typealias Failure = Never
        var values: [(key: String, value: AnyHashable?)]
        var next = 0

        mutating func take<T>(_ key: some TCFSchemaKey, _: T.Type = T.self) -> T? {
            defer { next += 1 }
            guard next < values.count, values[next].key == key.stringValue else {
                Issue.record("read asked for \(key.stringValue) at \(next)")
                return nil
            }
            return values[next].value?.base as? T
        }
        mutating func check(_ key: some TCFSchemaKey, version: Int) { #expect(take(key) == version) }
        mutating func read(_ key: some TCFSchemaKey, int value: inout Int) { value = take(key) ?? -1 }
        mutating func read(_ key: some TCFSchemaKey, bool value: inout Bool) { value = take(key) ?? false }
        mutating func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) { value = take(key) ?? value }
        mutating func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) { value = take(key) ?? value }
        mutating func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) { value = take(key) ?? S() }
        mutating func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) { value = take(key) ?? [] }
        mutating func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) { value = take(key) }
        mutating func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) {
            value = RestrictionType(rawValue: take(key) ?? 0)!
        }
        mutating func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) {
            value = take(key) ?? PublisherRestrictions()
        }
        mutating func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) { value = take(key) }
    }

    @Test func readAsksForTheVisitedFieldsInOrder() {
        for model in Self.models(count: 40, seed: 0x4EAD) {
            var replayer = Replayer(values: Self.visited(model))
            var rebuilt = TCString(created: Timestamp(deciseconds: 0))
            rebuilt.read(&replayer)
            #expect(replayer.next == TCString.fieldTable.count)
            #expect(rebuilt == model)
        }
    }

    /// Changes the field at ``target`` (in the table's order) and leaves every other one.
    struct ChangeOne: TCFReader {
        typealias Failure = Never
        let target: Int
        var next = 0

        mutating func hit() -> Bool {
            defer { next += 1 }
            return next == target
        }
        mutating func check(_ key: some TCFSchemaKey, version: Int) { _ = hit() }
        mutating func read(_ key: some TCFSchemaKey, int value: inout Int) { if hit() { value = value == 0 ? 1 : 0 } }
        mutating func read(_ key: some TCFSchemaKey, bool value: inout Bool) { if hit() { value.toggle() } }
        mutating func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) {
            if hit() { value = Timestamp(deciseconds: value.deciseconds + 1) }
        }
        mutating func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) {
            if hit() { value = TwoLetterCode(rawValue: value.rawValue ^ 1) }
        }
        mutating func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) {
            if hit() { value = S(rawValue: value.rawValue ^ S.bit(1)) }
        }
        mutating func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) {
            if hit() { value = value == [7] ? [8] : [7] }
        }
        mutating func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) {
            if hit() { value = value == nil ? [] : nil }
        }
        mutating func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) { _ = hit() }
        mutating func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) {
            guard hit() else { return }
            value =
                value.isEmpty
                ? (try? PublisherRestrictions([
                    PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendors: [3])
                ])) ?? PublisherRestrictions()
                : PublisherRestrictions()
        }
        mutating func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) {
            if hit() { value = value == nil ? PublisherTC() : nil }
        }
    }

    /// Equality and hashing go through `traverse`: a value equals its copy, whatever its wire
    /// layout, and differs from it once any one field (every row but Version) changes.
    @Test func equalitySeesEveryFieldAndNotTheLayout() throws {
        for model in Self.models(count: 20, seed: 0xE9A1) {
            let decoded = try TCString(encoded: model.encoded())
            #expect(decoded == model && decoded.hashValue == model.hashValue)
            for target in TCString.fieldTable.indices.dropFirst() {
                var changed = decoded
                var reader = ChangeOne(target: target)
                changed.read(&reader)
                #expect(changed != decoded && decoded != changed, "\(TCString.fieldTable[target].key.stringValue)")
            }
        }
    }
}

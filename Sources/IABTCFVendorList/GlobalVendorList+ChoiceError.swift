public import IABTCF

extension GlobalVendorList {
    /// Why ``GlobalVendorList/tcString(for:cmp:day:shownVendors:publisherRestrictions:)`` cannot
    /// write the string: the ``code``, and the ``vendors``, policy ``findings`` or ``field`` and
    /// ``value`` it is about.
    ///
    /// Like every error of the package, two errors are equal when all their fields are: code,
    /// vendors, findings, field and value. To ask only what kind of error it is, compare ``code``.
    public struct ChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public var code: Code
        /// The vendors the error is about (empty for ``Code/policyFindings``).
        public var vendors: VendorSet
        /// What ``IABTCF/TCString/validate(against:)`` found, for ``Code/policyFindings`` (empty otherwise).
        public var findings: [PolicyFinding]
        /// The field a ``Code/valueOutOfRange`` error is about, as the specification names it:
        /// `CmpId`, `CmpVersion`, `ConsentScreen` or `Created` (`nil` otherwise).
        public var field: String?
        /// The value that field was given (for `Created`, the day's deciseconds since 1970; `nil`
        /// otherwise).
        public var value: Int64?

        /// Creates an error.
        public init(
            _ code: Code,
            vendors: VendorSet = [],
            findings: [PolicyFinding] = [],
            field: String? = nil,
            value: Int64? = nil
        ) {
            self.code = code
            self.vendors = vendors
            self.findings = findings
            self.field = field
            self.value = value
        }

        /// A kind of error. New codes may be added in minor releases, so switch with a `default:` case.
        public struct Code: Hashable, Sendable, CustomStringConvertible {
            /// The code's stable name.
            public let name: String

            init(_ name: String) { self.name = name }

            /// The code's name.
            public var description: String { name }

            /// Shown vendors the list does not hold (``ChoiceError/vendors``).
            public static let vendorsNotInList = Code("vendorsNotInList")
            /// Shown vendors whose list entry has a `deletedDate`: they have left the list.
            public static let vendorsDeleted = Code("vendorsDeleted")
            /// Vendors the custom choice consents to or objects to that the notice did not show.
            public static let vendorsNotShown = Code("vendorsNotShown")
            /// The string would break these rules (``IABTCF/TCString/validate(against:)``,
            /// ``ChoiceError/findings``): a policy-2 list on a day after 2023-09-30, a restriction
            /// of type 1 or 2 on a purpose a vendor does not declare flexible, a restriction on a
            /// vendor the list does not hold, ...
            public static let policyFindings = Code("policyFindings")
            /// A value of the ``GlobalVendorList/CMP`` or the day outside what its field takes
            /// (``ChoiceError/field``, ``ChoiceError/value``): CmpId outside 2-4095 (the ids IAB
            /// Europe assigns to registered CMPs), CmpVersion outside 0-4095, ConsentScreen outside
            /// 0-63, a day before 1970 or past the 36-bit Created field.
            public static let valueOutOfRange = Code("valueOutOfRange")
        }

        /// What is wrong, naming the vendors or rules, then the code, e.g.
        /// `shown vendors [3, 4000] are not in the vendor list [vendorsNotInList]`.
        public var description: String {
            let problem =
                switch code {
                case .vendorsNotInList: "shown vendors \(vendors) are not in the vendor list"
                case .vendorsDeleted: "shown vendors \(vendors) are deleted in the vendor list"
                case .vendorsNotShown: "vendors \(vendors) are in the choice but not among the shown vendors"
                case .policyFindings: findings.map(\.description).joined(separator: "; ")
                case .valueOutOfRange: outOfRange
                default: "the choice cannot be written as a TC string"
                }
            return ErrorWording.line(problem, code: code.name)
        }

        /// What a ``Code/valueOutOfRange`` error's field takes, in words.
        private var outOfRange: String {
            let given = value.map(String.init) ?? "the value"
            switch field {
            case "CmpId":
                return
                    "CmpId \(given) is outside \(TCFPolicy.registeredCmpIds.text), the ids IAB Europe assigns to registered CMPs"
            case "Created":
                let last = Timestamp(deciseconds: Timestamp.maxDeciseconds).description.prefix(10)
                return "the day (Created \(given) deciseconds after 1970-01-01) is outside 1970-01-01 to \(last), "
                    + "what the 36-bit Created field holds"
            default:
                let range = GlobalVendorList.cmpNumbers.first { $0.field == field }?.values.text ?? "its field"
                return "\(field ?? "a field") \(given) is outside \(range)"
            }
        }
    }
}

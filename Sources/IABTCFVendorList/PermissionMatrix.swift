public import IABTCF

/// Every GVL vendor's permission for every purpose, special purpose and special feature of one
/// TC string, computed at once with word-wise set operations (``IABTCF/TCString/permissions(in:)``).
///
/// ```swift
/// let matrix = tc.permissions(in: gvl)
/// matrix.allowedVendors(purpose: 2)              // a VendorSet
/// matrix.permission(vendor: 755, purpose: 2)     // allowed (legitimateInterest)
/// ```
///
/// Each answer is the one ``IABTCF/TCString/permission(vendor:purpose:in:)`` gives; the matrix only
/// computes them together: per purpose, the restrictions, declarations and signals are combined a
/// 64-bit word (64 vendors) at a time, and a cell's reason is read back with a few bit tests.
public struct PermissionMatrix: Sendable {
    /// The vendors of the list (deleted ones included); others are ``PermissionReason/vendorNotInList``.
    public let vendorIds: VendorSet
    /// The purposes covered: 1 through the list's highest purpose id.
    public let purposeIds: ClosedRange<Int>

    let tc: TCString
    let gvl: GlobalVendorList
    /// Words per plane.
    let width: Int
    /// Per purpose p (0-based p - 1), `planeCount` planes of `width` words: see ``Plane``.
    let planes: [UInt64]

    enum Plane: Int, CaseIterable {
        /// Allowed, on either basis.
        case allowed
        /// Forbidden by a type 0 restriction.
        case restricted
        /// Forbidden because a type 1/2 restriction asks for an undeclared, non-flexible basis.
        case notFlexible
        /// The basis in force (after restrictions) is legitimate interest.
        case onLegitimateInterest
    }

    static let planeCount = Plane.allCases.count

    init(tc: TCString, gvl: GlobalVendorList) {
        self.tc = tc
        self.gvl = gvl
        vendorIds = gvl.vendorIds
        let highest = min(max(gvl.purposes.keys.max() ?? 0, 1), PurposeSet.maxID)
        purposeIds = 1...highest
        let width = gvl.vendorIds.words.count
        self.width = width
        var planes = [UInt64](repeating: 0, count: highest &* Self.planeCount &* width)
        let alive = gvl.vendorIds.subtracting(gvl.deletedVendorIds)
        let disclosed = tc.disclosedVendors
        // TCF 2.3: a string that lacks the required segment discloses no vendor (an empty DV plane).
        let disclosureKnown = disclosed != nil || tc.lacksRequiredDisclosedVendors
        let liBanned = tc.purposesWithoutLegitimateInterest
        let restrictions = tc.publisherRestrictions
        // One array for every purpose's sets, refilled per purpose: a literal per purpose allocates.
        var sets = [VendorSet](repeating: VendorSet(), count: 10)
        sets[0] = alive
        sets[7] = tc.vendorConsents
        sets[8] = tc.vendorLegitimateInterests
        sets[9] = disclosed ?? VendorSet()
        planes.withUnsafeMutableBufferPointer { out in
            for purpose in 1...highest {
                sets[1] = gvl.consentDeclarations[purpose]
                sets[2] = gvl.legitimateInterestDeclarations[purpose]
                sets[3] = gvl.flexibleDeclarations[purpose]
                // R0, R1, R2: the purpose's restrictions of types 0-2 (type 3 is reserved).
                for type in 0...2 { sets[4 &+ type] = VendorSet() }
                for position in restrictions.indices where restrictions.purposeId(at: position) == purpose {
                    let entry = restrictions[position]
                    if entry.restrictionType != .undefined { sets[4 &+ entry.restrictionType.rawValue] = entry.vendors }
                }
                let consentSignal: UInt64 = tc.purposeConsents.contains(purpose) ? ~0 : 0
                let liSignal: UInt64 =
                    tc.purposeLegitimateInterests.contains(purpose) && !liBanned.contains(purpose) ? ~0 : 0
                let base = (purpose &- 1) &* Self.planeCount &* width
                Self.combine(
                    out: UnsafeMutableBufferPointer(rebasing: out[base..<(base &+ Self.planeCount &* width)]),
                    width: width,
                    sets: sets,
                    consentSignal: consentSignal,
                    liSignal: liSignal,
                    disclosureKnown: disclosureKnown
                )
            }
        }
        self.planes = planes
    }

    /// One purpose's planes, word by word. `sets`: alive, C (consent), L (LI), F (flexible), R0,
    /// R1, R2, VC (vendor consent), VLI (vendor LI), DV (disclosed).
    @inline(__always)
    private static func combine(
        out: UnsafeMutableBufferPointer<UInt64>,
        width: Int,
        sets: [VendorSet],
        consentSignal: UInt64,
        liSignal: UInt64,
        disclosureKnown: Bool
    ) {
        // Each set padded to `width` words, read without bounds checks past its own end.
        func load(_ set: VendorSet, _ i: Int) -> UInt64 { i < set.words.count ? set.word(i) : 0 }
        let alive = sets[0]
        let c = sets[1]
        let l = sets[2]
        let f = sets[3]
        let r0 = sets[4]
        let r1 = sets[5]
        let r2 = sets[6]
        let vc = sets[7]
        let vli = sets[8]
        let dv = sets[9]
        for i in 0..<width {
            let restricted = load(r0, i) & load(alive, i)
            let live = load(alive, i) & ~restricted
            let consent = load(c, i)
            let li = load(l, i) & ~consent  // consent wins when both are declared
            let flexible = load(f, i)
            let requireConsent = load(r1, i) & ~restricted
            let requireLI = load(r2, i) & ~restricted & ~requireConsent
            let onConsent = (consent & ~requireLI) | (li & requireConsent & flexible)
            let onLI = (li & ~requireConsent) | (consent & requireLI & flexible)
            let notFlexible = ((consent & requireLI) | (li & requireConsent)) & ~flexible
            let disclosed = disclosureKnown ? load(dv, i) : ~0
            let allowed =
                live & disclosed & ((onConsent & load(vc, i) & consentSignal) | (onLI & load(vli, i) & liSignal))
            out[i] = allowed
            out[width &+ i] = restricted
            out[2 &* width &+ i] = notFlexible & live
            out[3 &* width &+ i] = onLI & live
        }
    }

    private func test(_ plane: Plane, purpose: Int, vendor: Int) -> Bool {
        let index = vendor &- 1
        let word = index &>> 6
        guard index >= 0, word < width else { return false }
        let base = ((purpose &- 1) &* Self.planeCount &+ plane.rawValue) &* width
        return planes[base &+ word] & ((1 as UInt64) &<< UInt64(63 &- (index & 63))) != 0
    }

    /// Whether `vendor` may process for `purpose` (a bit test).
    public func isAllowed(vendor: Int, purpose: Int) -> Bool {
        purposeIds.contains(purpose) && test(.allowed, purpose: purpose, vendor: vendor)
    }

    /// The vendors allowed to process for `purpose`.
    public func allowedVendors(purpose: Int) -> VendorSet {
        guard purposeIds.contains(purpose) else { return VendorSet() }
        let base = (purpose &- 1) &* Self.planeCount &* width
        return VendorSet(words: planes[base..<(base &+ width)])
    }

    /// The answer for `vendor` and `purpose`, with its basis and reason, read from the planes;
    /// equal to ``IABTCF/TCString/permission(vendor:purpose:in:)``.
    public func permission(vendor: Int, purpose: Int) -> Permission {
        guard vendorIds.contains(vendor) else { return .refused(.vendorNotInList) }
        if gvl.deletedVendorIds.contains(vendor) { return .refused(.vendorDeleted) }
        if let refusal = tc.disclosureRefusal(vendor: vendor) { return .refused(refusal) }
        guard purposeIds.contains(purpose) else { return tc.permission(vendor: vendor, purpose: purpose, in: gvl) }
        if test(.restricted, purpose: purpose, vendor: vendor) { return .refused(.restrictedByPublisher) }
        if test(.notFlexible, purpose: purpose, vendor: vendor) { return .refused(.restrictionNotFlexible) }
        guard
            gvl.consentDeclarations[purpose].contains(vendor)
                || gvl.legitimateInterestDeclarations[purpose].contains(vendor)
        else { return .refused(.notDeclared) }
        let onLI = test(.onLegitimateInterest, purpose: purpose, vendor: vendor)
        let basis: LegalBasis = onLI ? .legitimateInterest : .consent
        if test(.allowed, purpose: purpose, vendor: vendor) {
            let reason: PermissionReason =
                purpose == 1 && tc.purposeOneTreatment ? .purposeOneTreatment : onLI ? .legitimateInterest : .consent
            return Permission(isAllowed: true, basis: basis, reason: reason)
        }
        return tc.signals(vendor: vendor, purpose: purpose, basis: basis)
    }

    /// The answer for `vendor` and special purpose `specialPurpose`.
    public func permission(vendor: Int, specialPurpose: Int) -> Permission {
        tc.permission(vendor: vendor, specialPurpose: specialPurpose, in: gvl)
    }

    /// The answer for `vendor` and special feature `specialFeature`.
    public func permission(vendor: Int, specialFeature: Int) -> Permission {
        tc.permission(vendor: vendor, specialFeature: specialFeature, in: gvl)
    }

    /// The vendors allowed special purpose `id`: its declarers, less deleted ones and, with a
    /// Disclosed Vendors segment, less those not disclosed; none when the string lacks the segment
    /// TCF 2.3 requires (`TCString.lacksRequiredDisclosedVendors`).
    public func allowedVendors(specialPurpose id: Int) -> VendorSet {
        guard !tc.lacksRequiredDisclosedVendors else { return VendorSet() }
        var result = gvl.vendors(declaringSpecialPurpose: id).subtracting(gvl.deletedVendorIds)
        if let disclosed = tc.disclosedVendors { result = result.intersection(disclosed) }
        return result
    }

    /// The vendors allowed special feature `id`: none without the opt-in or when the string lacks
    /// the segment TCF 2.3 requires, else its declarers less deleted ones and, with a Disclosed
    /// Vendors segment, less those not disclosed.
    public func allowedVendors(specialFeature id: Int) -> VendorSet {
        guard tc.specialFeatureOptIns.contains(id), !tc.lacksRequiredDisclosedVendors else { return VendorSet() }
        var result = gvl.vendors(declaringSpecialFeature: id).subtracting(gvl.deletedVendorIds)
        if let disclosed = tc.disclosedVendors { result = result.intersection(disclosed) }
        return result
    }
}

extension TCString {
    /// Every vendor of `gvl` against every purpose of `gvl` (and its special purposes and
    /// features), in one pass of word-wise set operations: the same answers as
    /// ``permission(vendor:purpose:in:)``, whose documentation gives the rules.
    public func permissions(in gvl: GlobalVendorList) -> PermissionMatrix {
        PermissionMatrix(tc: self, gvl: gvl)
    }
}

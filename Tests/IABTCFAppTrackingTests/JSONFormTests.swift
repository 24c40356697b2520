import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// The ATT module's answers write their own JSON (the objects `tcstring consent-mode`,
/// `activities`, `att` and `inapp --read` print): each key the contract names, each value the
/// Swift value's, over real answers.
@Suite struct JSONFormTests {
    static let today = Timestamp(iso8601: "2026-11-26")!

    static func keys(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json else { return [] }
        return members.map(\.0)
    }

    static func items(_ json: JSON?) -> [JSON] {
        guard case .array(let items)? = json else { return [] }
        return items
    }

    /// What may be stored: a choice with Google, "refuse all", none, and each GPP test vector,
    /// where the GDPR applies and where it does not.
    static func storedConsents() throws -> [StoredConsent] {
        var accept = try TrackingFixtures.acceptAll()
        accept.created = Timestamp(iso8601: "2026-11-01")!
        accept.lastUpdated = accept.created
        try accept.vendorConsents.insert(TCString.googleVendorId)
        try accept.disclosedVendors?.insert(TCString.googleVendorId)
        var expired = accept
        expired.lastUpdated = Timestamp(iso8601: "2020-01-01")!
        var stored = try [accept, TrackingFixtures.refuseAll(), expired].flatMap { tc in
            [true, false].map { StoredConsent(tcString: try? tc.encoded(), gdprApplies: $0) }
        }
        stored.append(StoredConsent(tcString: nil, gdprApplies: true))
        stored.append(StoredConsent(tcString: "not a TC string", gdprApplies: true))
        for vector in SectionVector.all {
            stored.append(StoredConsent(tcString: nil, gdprApplies: false, gppString: vector.gpp))
        }
        stored.append(
            StoredConsent(tcString: nil, gdprApplies: false, usPrivacyString: "1YYN", restrictedDataProcessing: true)
        )
        return stored
    }

    /// `{"analytics_storage", "ad_storage", "ad_user_data", "ad_personalization", "reasons"}`
    /// of the answer's values; each reason ends with the types it denies, and a reason from ad
    /// serving is that reason's object.
    @Test func consentModeWritesItsValuesAndReasons() throws {
        var fromAdServing = 0
        for stored in try Self.storedConsents() {
            for att in ATTStatus.allCases {
                let mode = stored.consentMode(att: att, today: Self.today)
                let json = mode.json
                #expect(Self.keys(json) == ConsentMode.ConsentType.allCases.map(\.rawValue) + ["reasons"])
                for type in ConsentMode.ConsentType.allCases {
                    #expect(json[type.rawValue] == .string(mode.value(of: type).rawValue))
                }
                let reasons = Self.items(json["reasons"])
                #expect(reasons.count == mode.reasons.count)
                for (reason, written) in zip(mode.reasons, reasons) {
                    guard case .object(let members) = written else {
                        Issue.record("not an object: \(written)")
                        continue
                    }
                    #expect(members.first?.0 == "reason")
                    #expect(members.last?.0 == "denies")
                    #expect(members.last?.1 == .array(reason.denied.map { .string($0.rawValue) }))
                    switch reason {
                    case .notCurrent(let adReason), .usOptOut(let adReason):
                        fromAdServing += 1
                        #expect(JSON.object(members.dropLast()) == adReason.json)
                    default: break
                    }
                }
            }
        }
        #expect(fromAdServing > 0)
    }

    /// `{"activities", "reasons", "sections"}` over every GPP test vector: each activity in
    /// `USActivity`'s order with the answer's value, each reason and section named.
    @Test func usActivitiesWriteTheirAnswer() throws {
        var usnat = 0
        for vector in SectionVector.all {
            guard let gpp = try? GPPString(encoded: vector.gpp) else { continue }
            for inForce in [nil, [vector.sectionId], [2, 99]] {
                let answer = gpp.usActivities(inForce: inForce)
                let json = answer.json
                #expect(Self.keys(json) == ["activities", "reasons", "sections"])
                #expect(Self.keys(json["activities"]) == USActivity.allCases.map(\.rawValue))
                for activity in USActivity.allCases {
                    #expect(json["activities"]?[activity.rawValue] == .bool(answer.isAllowed(activity)))
                }
                #expect(Self.items(json["reasons"]) == answer.reasons.map(\.json))
                for reason in Self.items(json["reasons"]) {
                    #expect(Array(Self.keys(reason).prefix(3)) == ["reason", "sectionId", "section"])
                }
                let sections = Self.items(json["sections"])
                #expect(sections.count == answer.sections.count)
                for (section, written) in zip(answer.sections, sections) {
                    #expect(written["id"] == .int(section.id))
                    #expect(written["name"] == .string(section.name))
                    #expect(written["denied"] == .array(section.denied.map { .string($0.rawValue) }))
                }
                if let fields = answer.usnat {
                    usnat += 1
                    let written = fields.json
                    #expect(Self.keys(written).count == fields.fields.count + 1)
                    #expect(Self.keys(written).first == "version")
                    #expect(written["version"] == .int(fields.version))
                    for (name, _) in fields.fields {
                        #expect(written[name.prefix(1).lowercased() + name.dropFirst()] != nil, "\(name)")
                    }
                }
            }
        }
        #expect(usnat > 0)
    }

    /// Every reason kind of `USActivities` names its section and its own values.
    @Test func usActivityReasonsNameTheirValues() {
        let reasons: [(USActivities.Reason, [String])] = [
            (.rule(sectionId: 7, section: "usnat", rule: "Gpc=1", denies: [.syncUser]), ["rule", "denies"]),
            (.sectionMissing(sectionId: 8, section: "usca"), []),
            (.sectionUnreadable(sectionId: 9, section: "usva", code: "truncated", position: 12), ["code", "position"]),
            (
                .sectionUnreadable(sectionId: 9, section: "usva", code: "truncated", position: nil),
                ["code", "position"]
            ),
            (.unknownVersion(sectionId: 10, section: "usco", version: 9), ["version"]),
            (.notInForce(sectionId: 11, section: "usut"), []),
        ]
        for (reason, details) in reasons {
            let json = reason.json
            #expect(Self.keys(json) == ["reason", "sectionId", "section"] + details)
            guard case .string(let name)? = json["reason"] else {
                Issue.record("no reason name")
                continue
            }
            #expect(String(describing: reason).hasPrefix(name))
        }
        let rule = USActivities.Reason.rule(sectionId: 7, section: "usnat", rule: "Gpc=1", denies: [.syncUser]).json
        #expect(rule["denies"] == .array([.string(USActivity.syncUser.rawValue)]))
        #expect(
            USActivities.Reason.sectionUnreadable(sectionId: 9, section: "usva", code: "c", position: nil).json[
                "position"
            ] == .null
        )
    }

    /// The step `att` prints: the decision's keys in their order, `tcString` only when given, the
    /// step's own ad serving answer.
    @Test func aStepWritesItsDecision() throws {
        let flows =
            ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }
        let head = ["next", "reject", "idfaAllowed", "trackersAllowed", "reapplyAfterCMP", "warnings"]
        let tail = [
            "statusChanged", "rejectPurposes", "rejectSpecialFeatures", "rejectVendors", "attRequestableFrom",
            "adServing",
        ]
        var all = 0
        for stored in try Self.storedConsents().prefix(8) {
            for flow in flows {
                for status in ATTStatus.allCases {
                    let step = flow.evaluate(status: status, stored: stored, today: Self.today)
                    let bare = step.json(tcString: nil)
                    #expect(Self.keys(bare) == head + tail)
                    let kept = step.json(tcString: "kept")
                    #expect(Self.keys(kept) == head + ["tcString"] + tail)
                    #expect(kept["tcString"] == .string("kept"))
                    let decision = step.decision
                    #expect(bare["next"] == .string(decision.next.rawValue))
                    #expect(bare["reject"] == .string(decision.reject.rawValue))
                    #expect(bare["idfaAllowed"] == .bool(decision.idfaAllowed))
                    #expect(bare["trackersAllowed"] == .bool(decision.trackersAllowed))
                    #expect(bare["reapplyAfterCMP"] == .bool(decision.reapplyAfterCMP))
                    #expect(bare["warnings"] == .array(decision.warnings.map { .string($0.rawValue) }))
                    #expect(bare["statusChanged"] == .bool(decision.statusChanged))
                    #expect(bare["rejectPurposes"] == .ids(decision.rejectPurposes))
                    #expect(bare["rejectSpecialFeatures"] == .ids(decision.rejectSpecialFeatures))
                    #expect(bare["adServing"] == step.adServing.map(\.json) ?? .null)
                    switch decision.rejectVendors {
                    case .all:
                        all += 1
                        #expect(bare["rejectVendors"] == .string("all"))
                    case .none: #expect(bare["rejectVendors"] == .ids([]))
                    case .only(let ids): #expect(bare["rejectVendors"] == .ids(ids))
                    }
                    let day = decision.attRequestableFrom.map { String($0.description.prefix(10)) }
                    #expect(bare["attRequestableFrom"] == day.map(JSON.string) ?? .null)
                }
            }
        }
        #expect(all > 0)
    }

    /// What the stored keys give, each value or `null`.
    @Test func storedConsentWritesWhatTheKeysGive() throws {
        let keys = [
            "IABTCF_gdprApplies", "IABGPP_HDR_GppString", "IABGPP_GppSID", "IABUSPrivacy_String", "IABTCF_TCString",
        ]
        let full = StoredConsent(inAppKeys: [
            keys[0]: .int(0), keys[1]: .string("DBABL~BVQqAAAAAg"), keys[2]: .string("7"), keys[3]: .string("1YNN"),
            keys[4]: .string("CQgYw8AQgYw8AEsAFBENCEEgAAAAAAAAAAYgAAAAAAAA"),
        ])
        let json = full.json
        #expect(
            Self.keys(json) == [
                "tcString", "gdprApplies", "gppString", "gppSectionIds", "usPrivacyString", "restrictedDataProcessing",
                "tcStringOnlyInGPP",
            ]
        )
        #expect(json["tcString"] == full.tcString.map(JSON.string))
        #expect(json["gdprApplies"] == .bool(false))
        #expect(json["gppString"] == .string("DBABL~BVQqAAAAAg"))
        #expect(json["gppSectionIds"] == .ids([7]))
        #expect(json["usPrivacyString"] == .string("1YNN"))
        #expect(json["restrictedDataProcessing"] == full.restrictedDataProcessing.map(JSON.bool) ?? .null)
        #expect(json["tcStringOnlyInGPP"] == .bool(full.hasTCStringOnlyInGPP))
        // Nothing stored: every value null, and no TC string only in GPP.
        let empty = StoredConsent(tcString: nil, gdprApplies: nil).json
        #expect(Self.keys(empty).dropLast().allSatisfy { empty[$0] == .null })
        #expect(empty["tcStringOnlyInGPP"] == .bool(false))
    }
}

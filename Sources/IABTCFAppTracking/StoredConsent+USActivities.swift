import IABGPP

extension StoredConsent {
    /// Prebid's US activities (``USActivities``) for what is stored: `IABGPP_HDR_GppString`
    /// (``gppString``) with the sections in force `IABGPP_GppSID` (``gppSectionIds``; absent,
    /// every US section of the string). A GPP string that does not decode cannot say what the
    /// person chose: each US section in force (from ``gppSectionIds``, else from the string's
    /// header) is unreadable, with the error's code and character on the section that failed
    /// (`gppString` for the others), so every activity is denied; a header that does not decode
    /// denies every activity (section 3, the header, unreadable).
    public var usActivities: USActivities {
        guard let text = gppString else {
            return USActivities(sections: [], inForce: gppSectionIds)
        }
        do throws(GPPError) {
            return try GPPString(encoded: text).usActivities(inForce: gppSectionIds)
        } catch {
            guard let header = try? GPPString.sectionIDs(inHeader: text) else {
                let reason = USActivities.Reason.sectionUnreadable(
                    sectionId: 3,
                    section: "header",
                    code: error.code.rawValue,
                    position: error.position
                )
                return USActivities(allowed: [], reasons: [reason], sections: [])
            }
            let inputs = header.map { id -> USActivities.SectionInput in
                id == error.sectionId
                    ? .unreadable(id: id, code: error.code.rawValue, position: error.position)
                    : .unreadable(id: id, code: "gppString", position: nil)
            }
            return USActivities(sections: inputs, inForce: gppSectionIds)
        }
    }
}

// consentmanager's flow, rule by rule, from consentmanager's "[iOS] 4. Working with ATT (App
// Tracking Transparency / iOS)", steps 3 to 12. With ConsentFlow+Rules.swift (the rules every flow
// shares) this file holds the flow whole: its defaults, then its decision. The DocC article
// GuideFlows quotes the same sentences.

extension ATTFlow {
    /// consentmanager's flow, ``ATTFlow/consentmanager``.
    enum Consentmanager: CMPGuide {
        /// ATT fully resolved first; denied and restricted reject the ad purposes and, as its recipe
        /// "Reject ad purposes/vendors when ATT denied or restricted" calls `rejectPurposes` with
        /// `updateVendor: true`, the vendors related to them (``ConsentFlow/vendorList`` says which);
        /// "Step 6: Decision Table — ATT × CMP Behavior × SDK Actions": for .restricted "Same as Denied."
        static let defaults = GuideDefaults(
            asksATTFirst: true,
            rejection: .trackingScope,
            scope: .adPurposes,
            rejectVendors: .all
        )

        /// Steps 3 to 6.
        static func next(_ guide: ATTFlow, _ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
        {
            // "Step 3: Request ATT Authorization": "If status is .notDetermined, request
            // authorization when the app is active". Then the CMP, which `checkAndOpen()` opens only
            // when it has a choice to collect: the decision table, ".authorized Yes Collect granular
            // CMP consent.", "iOS < 14 N/A Skip ATT, use CMP only." and, still notDetermined after
            // the request, "Wait for ATT prompt, then launch CMP."; restricted as a device without
            // ATT when ``ConsentFlow/restrictedAsDenied`` is off.
            let afterRefusal: ATTNextStep
            if input.isUnknownStatus {
                // "Step 4: Handle ATT Result": an unknown status opens the CMP.
                afterRefusal = input.consent.needsCMP ? .showCMP : .done
            } else {
                // The decision table: "Reject ad purposes/vendors programmatically, then show CMP
                // for non-tracking purposes." and for .restricted "Same as Denied."
                afterRefusal = input.consent.needsCMP ? .showCMPWithoutTracking : .done
            }
            return flow.attFirstStep(input, refusal: refusal, afterRefusal: afterRefusal)
        }
    }
}

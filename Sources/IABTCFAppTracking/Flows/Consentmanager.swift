// consentmanager's flow, rule by rule, from consentmanager's "[iOS] 4. Working with ATT (App
// Tracking Transparency / iOS)", steps 3 to 12. With ConsentFlow+Rules.swift (the rules every flow
// shares) this file holds the flow whole: its defaults, then its decision. The DocC article
// GuideFlows quotes the same sentences.

extension ATTFlow {
    /// consentmanager's flow, ``ATTFlow/consentmanager``.
    enum Consentmanager {
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

        /// The decision for `input`, refined by `flow`.
        static func decision(
            for input: ConsentFlow.Input,
            permission: ATTPermission,
            flow: ConsentFlow
        ) -> ConsentFlow.Decision {
            flow.guideDecision(
                for: input,
                permission: permission,
                next: next(input, refusal: permission.refusal, flow: flow),
                asksATTFirst: true
            )
        }

        /// Steps 3 to 6.
        private static func next(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
            // `checkAndOpen()` opens the CMP only when it has a choice to collect.
            let cmpIfNeeded: ATTNextStep = input.consent.needsCMP ? .showCMP : .done
            switch input.status {
            case .notDetermined where !input.state.attRequested:
                // "Step 3: Request ATT Authorization": "If status is .notDetermined, request
                // authorization when the app is active".
                return flow.firstATTRequest(input)
            case .notDetermined:
                // Still notDetermined after the request: the decision table for .notDetermined,
                // "Wait for ATT prompt, then launch CMP."
                return cmpIfNeeded
            case .authorized, .unavailable:
                // The decision table: ".authorized Yes Collect granular CMP consent." and "iOS < 14
                // N/A Skip ATT, use CMP only."
                return cmpIfNeeded
            case .restricted where !refusal:
                // ``ConsentFlow/restrictedAsDenied`` off: restricted as a device without ATT.
                return cmpIfNeeded
            case .restricted, .denied:
                // "Step 4: Handle ATT Result": an unknown status opens the CMP.
                if input.isUnknownStatus { return cmpIfNeeded }
                // The decision table: "Reject ad purposes/vendors programmatically, then show CMP for
                // non-tracking purposes." and for .restricted "Same as Denied."
                return input.consent.needsCMP ? .showCMPWithoutTracking : .done
            }
        }
    }
}

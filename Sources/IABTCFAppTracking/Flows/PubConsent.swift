// PubConsent's two options, rule by rule, from PubConsent's "App Tracking Transparency (iOS 14.5+)".
// With ConsentFlow+Rules.swift (the rules every flow shares) this file holds both flows whole:
// their defaults, then their decision. The DocC article GuideFlows quotes the same sentences.

extension ATTFlow {
    /// PubConsent's flows, ``ATTFlow/pubConsentATTFirst`` and ``ATTFlow/pubConsentCMPFirst``.
    enum PubConsent {
        /// Option 1, "Ask for permission via ATT, then collect consent from the CMP only if the user
        /// has granted permission via ATT.": a user who denies ATT is "assumed to also deny consent
        /// through the CMP" (everything rejected); restricted shows the CMP ("The user has accepted
        /// the ATT permission request or ATT is restricted").
        static let attFirst = GuideDefaults(
            asksATTFirst: true,
            rejection: .all,
            rejectVendors: .all,
            restrictedIsRefusal: false
        )

        /// Option 2: "first by the CMP and then by ATT", whatever the CMP answer (the trigger is
        /// always); the CMP choices stay as they are after a denial; restricted as in option 1.
        static let cmpFirst = GuideDefaults(asksATTFirst: false, restrictedIsRefusal: false)

        /// The decision of `guide` (one of PubConsent's flows) for `input`, refined by `flow`.
        static func decision(
            of guide: ATTFlow,
            for input: ConsentFlow.Input,
            permission: ATTPermission,
            flow: ConsentFlow
        ) -> ConsentFlow.Decision {
            let attFirst = guide == .pubConsentATTFirst
            let next =
                attFirst ? nextOption1(input, refusal: permission.refusal, flow: flow) : nextOption2(input, flow: flow)
            return flow.guideDecision(for: input, permission: permission, next: next, asksATTFirst: attFirst)
        }

        /// Option 1: "collect consent from the CMP only if the user has granted permission via ATT".
        private static func nextOption1(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
            switch input.status {
            case .notDetermined where !input.state.attRequested:
                // "The ATT permission request will always be displayed if the device is running iOS
                // 14 or later and the ATT status is not restricted."
                return flow.firstATTRequest(input)
            case .restricted where refusal, .denied:
                // No CMP: "collect consent from the CMP only if the user has granted permission via ATT".
                return .done
            case .notDetermined, .authorized, .unavailable, .restricted:
                // "The PubConsent UI will be shown only if the user accepts the ATT permission
                // request or if the ATT permission request cannot be shown"; "The user has accepted
                // the ATT permission request or ATT is restricted". It shows only while it has a
                // choice to collect.
                return input.consent.needsCMP ? .showCMP : .done
            }
        }

        /// Option 2: the CMP, then ATT.
        private static func nextOption2(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
            // "first by the CMP and then by ATT".
            if input.consent.needsCMP { return .showCMP }
            return flow.attAfterCMP(input)
        }
    }
}

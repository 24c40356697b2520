// PubConsent's two options, rule by rule, from PubConsent's "App Tracking Transparency (iOS 14.5+)".
// With ConsentFlow+Rules.swift (the rules every flow shares) this file holds both flows whole:
// their defaults, then their decision. The DocC article GuideFlows quotes the same sentences.

extension ATTFlow {
    /// PubConsent's flows, ``ATTFlow/pubConsentATTFirst`` and ``ATTFlow/pubConsentCMPFirst``.
    enum PubConsent: CMPGuide {
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

        static func next(_ guide: ATTFlow, _ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
        {
            guide == .pubConsentATTFirst
                ? nextOption1(input, refusal: refusal, flow: flow) : nextOption2(input, flow: flow)
        }

        /// Option 1: "collect consent from the CMP only if the user has granted permission via ATT".
        private static func nextOption1(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
            // ATT first: "The ATT permission request will always be displayed if the device is
            // running iOS 14 or later and the ATT status is not restricted." Then the CMP, while it
            // has a choice to collect: "The PubConsent UI will be shown only if the user accepts the
            // ATT permission request or if the ATT permission request cannot be shown"; "The user
            // has accepted the ATT permission request or ATT is restricted". After a denial no CMP:
            // "collect consent from the CMP only if the user has granted permission via ATT".
            flow.attFirstStep(input, refusal: refusal, afterRefusal: .done)
        }

        /// Option 2: the CMP, then ATT.
        private static func nextOption2(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
            // "first by the CMP and then by ATT".
            if input.consent.needsCMP { return .showCMP }
            return flow.attAfterCMP(input)
        }
    }
}

// Didomi's two flows, rule by rule, from Didomi's "App Tracking Transparency (iOS 14.5+)"
// (developers documentation, iOS and tvOS SDK). With ConsentFlow+Rules.swift (the rules every flow
// shares) this file holds both flows whole: their defaults, then their decision. The DocC article
// GuideFlows quotes the same sentences.

extension ATTFlow {
    /// Didomi's flows, ``ATTFlow/didomiATTFirst`` and ``ATTFlow/didomiCMPFirst``.
    enum Didomi: CMPGuide {
        /// "Show the ATT permission then the CMP notice if the user accepts the ATT permission": a
        /// denial disagrees to all purposes and vendors ("Recommended solutions": "a user who does
        /// not give consent to ATT is assumed to also not give consent to the CMP"; the sample calls
        /// `setUserDisagreeToAll()`); restricted shows the notice ("The Didomi consent notice will
        /// only be displayed if the user accepts the ATT permission OR the ATT permission cannot be
        /// displayed for any reason (restricted or iOS < 14).").
        static let attFirst = GuideDefaults(
            asksATTFirst: true,
            rejection: .all,
            rejectVendors: .all,
            restrictedIsRefusal: false
        )

        /// "Show the CMP notice then the ATT permission if the user gives consent in the CMP
        /// notice": ATT once "The user gave consent to at least one purpose in the Didomi consent
        /// notice"; a denial rejects nothing ("The two are independent.", "What happens if the
        /// customer gives consent in the Didomi CMP but rejects the ATT permission?"); restricted
        /// shows the notice, as in the ATT-first flow.
        static let cmpFirst = GuideDefaults(asksATTFirst: false, trigger: .anyPurpose, restrictedIsRefusal: false)

        static func next(_ guide: ATTFlow, _ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
        {
            guide == .didomiATTFirst
                ? nextATTFirst(input, refusal: refusal, flow: flow) : nextCMPFirst(input, flow: flow)
        }

        static func warnings(of guide: ATTFlow, for input: ConsentFlow.Input) -> [ATTWarning] {
            // "Apple guidelines": "If you show the ATT permission request after the CMP, do not
            // allow the CMP to be closed without the user agreeing or disagreeing."
            guide == .didomiCMPFirst && input.consent == .dismissed ? [.dismissableCMPBeforeATT] : []
        }

        /// "Show the ATT permission then the CMP notice if the user accepts the ATT permission" ("This
        /// is our recommended implementation.").
        private static func nextATTFirst(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
            // ATT first: "The ATT permission request will always be displayed if it is not
            // restricted." Then the notice, while it has a choice to collect: "The Didomi consent
            // notice will only be displayed if the user accepts the ATT permission OR the ATT
            // permission cannot be displayed for any reason (restricted or iOS < 14)."; still
            // notDetermined after the request, the alert could not show and the sample shows the
            // notice. After a denial no notice: "Recommended solutions": "a user who does not give
            // consent to ATT is assumed to also not give consent to the CMP".
            flow.attFirstStep(input, refusal: refusal, afterRefusal: .done)
        }

        /// "Show the CMP notice then the ATT permission if the user gives consent in the CMP notice".
        private static func nextCMPFirst(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
            // "The CMP consent notice will always be displayed".
            if input.consent.needsCMP { return .showCMP }
            // "The user gave consent to at least one purpose in the Didomi consent notice" (the
            // trigger); otherwise "The ATT status will remain notDetermined". A denial changes
            // nothing in the CMP: "The two are independent."
            return flow.attAfterCMP(input)
        }
    }
}

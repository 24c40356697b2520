// Google's User Messaging Platform (UMP), rule by rule, from Google's public pages:
// - AdMob Help, "Available user message types", section "Which message your users will see"
//   (https://support.google.com/admob/answer/10114020);
// - Ad Manager Help, "About IDFA messages" (https://support.google.com/admanager/answer/10115027);
// - the UMP SDK's iOS quick start, "Get started" (https://developers.google.com/admob/ios/privacy):
//   "Before requesting ads, always check UMPConsentInformation.sharedInstance.canRequestAds to
//   confirm that you have obtained user consent.": the ads SDK's gate is the step's ad serving
//   answer, not ATT, which decides the IDFA.
// With ConsentFlow+Rules.swift (the rules every flow shares) this file holds the flow whole: its
// defaults, then its decision. The DocC article GuideFlows quotes them; GoogleUMPFlowTests checks
// each rule against its sentence.

extension ATTFlow {
    /// Google UMP's flow, ``ATTFlow/googleUMP``.
    enum GoogleUMP {
        /// The European regulations message comes first where a choice is missing, then ATT whatever
        /// the answer (the trigger is always); "Ask App Not to Track" only "Closes the message"
        /// (About IDFA messages): a denial rejects nothing. Restricted cannot show the alert and
        /// allows no IDFA: a refusal. ATT after a refusal in the message is Google's documented order
        /// (no attAfterCMPRefusal); a re-prompt shows the IDFA explainer first where the app
        /// configured one.
        static let defaults = GuideDefaults(
            asksATTFirst: false,
            documentsATTAfterCMPRefusal: true,
            explainsBeforeATT: true
        )

        /// Google UMP's decision for `input`, refined by `flow` (trigger, a rejection the app turns on,
        /// the IDFA explainer, Limit Ad Tracking below iOS 14).
        static func decision(
            for input: ConsentFlow.Input,
            permission: ATTPermission,
            flow: ConsentFlow
        ) -> ConsentFlow.Decision {
            // Restricted cannot show the alert and allows no IDFA: a refusal, as in consentmanager's
            // flow, unless the app handles it as a device without ATT (``ConsentFlow/restrictedAsDenied``).
            let refusal = permission.refusal
            var decision = ConsentFlow.Decision(next: next(input, flow: flow), idfaAllowed: permission.mayTrack)

            // "Ask App Not to Track" only "Closes the message" (About IDFA messages): the consent
            // choices stay as they are and the ads SDK reads the ATT status itself. A scope or vendor
            // list the app passes turns a rejection on; without the GDPR there is no TC string to change.
            if input.gdprApplies && refusal && flow.rejection != .none {
                decision.reject = flow.rejection
                decision.reapplyAfterCMP = true
            }
            // The trackers the app gates itself follow ATT and the message's choice, as in every flow.
            // The ads SDK is not one of them: Google gates it on canRequestAds after the consent
            // gathering, the ad serving answer of the step (``ConsentFlow/Step/adServing``), and ATT
            // decides only whether it reads the IDFA.
            let messageAnswered = !input.gdprApplies || input.consent.hasChoice
            decision.trackersAllowed = permission.mayTrack && decision.next == .done && messageAnswered

            if input.isUnknownStatus { decision.warnings.append(.unknownStatus) }
            if decision.next == .showCMP && refusal && !input.isUnknownStatus {
                // The message shows wherever a choice is missing, also after an earlier denial: the
                // pattern App Review has rejected, so the decision says so as in every flow.
                decision.warnings.append(.appReviewRisk)
            }
            // ATT after a refusal in the message is Google's documented order: no attAfterCMPRefusal.
            return decision
        }

        /// The next step: "Which message your users will see" (AdMob Help, Available user message types).
        private static func next(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
            // A user who "Is in the EEA and has not yet made a European regulations consent decision"
            // sees "The European regulations message" (again once the stored choice expired).
            if input.gdprApplies && input.consent.needsCMP { return .showCMP }
            // ATT only while notDetermined and once per run; after the message whatever the answer
            // (the trigger is always, unless the app passes another).
            guard input.isFirstRequest else { return .done }
            if input.gdprApplies && !flow.trigger.isMet(by: input.consent) { return .done }
            // "Is not in the EEA" and "Is in the EEA and previously consented to European regulations":
            // "The IDFA explainer message" comes "immediately before the iOS ATT alert", when the app
            // configured one; right after the message in this run, the message was the one before it.
            return flow.idfaExplainer && !input.state.cmpShown ? .showIDFAExplainer : .requestATT
        }
    }
}

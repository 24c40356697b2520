import IABTCFAppTracking

/// A strategy's decision through the one entry point, `ConsentFlow.evaluate(_:)`, with the
/// strategy's default scope: what the tables of the decision model (and the research note) state.
func strategyDecision(
    status: ATTStatus,
    consent: ConsentState,
    gdprApplies: Bool = true,
    strategy: ATTStrategy,
    options: ATTOptions = ATTOptions(),
    state: ConsentFlow.State = ConsentFlow.State()
) -> ConsentFlow.Decision {
    ConsentFlow(strategy: strategy, options: options)
        .evaluate(ConsentFlow.Input(status: status, consent: consent, gdprApplies: gdprApplies, state: state))
}

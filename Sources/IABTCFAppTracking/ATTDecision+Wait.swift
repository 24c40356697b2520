extension ATTDecision {
    /// No two chains: while a prompt is on screen (`state.promptInProgress`), the step is
    /// ``ATTNextStep/wait`` and no tracker starts, whatever the flow. The rejection and the IDFA
    /// answer stay, since they follow from the ATT status alone.
    mutating func waitIfPromptInProgress(_ state: ATTFlowState) {
        guard state.promptInProgress else { return }
        next = .wait
        trackersAllowed = false
    }
}

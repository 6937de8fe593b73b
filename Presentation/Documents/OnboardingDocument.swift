import Domain

/// The first run as data: the step reached and what each step made.
public struct OnboardingDocument: Encodable, Sendable, Hashable {
    /// The step reached, as its name (`welcome`, `setUp`, `firstStore`, `done`).
    public internal(set) var step: OnboardingViewModel.Step
    /// What setup did, once done.
    public internal(set) var setup: SetupDocument?
    /// The first store added; nil until then.
    public internal(set) var firstStore: StoreDocument?
    /// The name of the first item put in the vault.
    public internal(set) var firstItem: String?
}

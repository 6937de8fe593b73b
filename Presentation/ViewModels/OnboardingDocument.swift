import Domain

/// The first run as data: the step reached and what each step made.
public struct OnboardingDocument: Encodable, Sendable, Hashable {
    /// The step reached, as its name (`welcome`, `setUp`, `firstStore`, `done`).
    public let step: OnboardingViewModel.Step
    /// What setup did, once done.
    public let setup: SetupDocument?
    /// The first store added; nil until then.
    public let firstStore: StoreDocument?
    /// The name of the first item put in the vault.
    public let firstItem: String?
}

extension OnboardingViewModel {
    /// The first run's state as data.
    public var document: OnboardingDocument {
        OnboardingDocument(step: step, setup: report.map(SetupDocument.init), firstStore: firstStore.map(StoreDocument.init), firstItem: firstItem?.name)
    }
}

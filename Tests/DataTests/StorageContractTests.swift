import TestSupport
import Testing

@Suite struct StorageContractTests {
    @Test(arguments: StorageKind.allCases, StorageContractCase.allCases)
    func keepsTheContract(kind: StorageKind, contractCase: StorageContractCase) async throws { try await contractCase.run(kind.contract) }
}

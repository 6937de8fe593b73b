import Composition
import Domain

/// `grock doctor`: what the data directory holds and what is wrong with it.
@MainActor
enum Doctor {
    static func run(_ run: Invocation) async throws {
        guard let checks = await run.container.doctor() else { return run.console.out("In memory: nothing on disk to check.") }
        if run.json {
            try run.console.json(checks.map { DoctorDocument(subject: $0.subject, detail: $0.detail, problem: $0.isProblem) })
        } else {
            run.console.out(checks.map { "\($0.isProblem ? "PROBLEM" : "ok     ")  \($0.subject): \($0.detail)" }.joined(separator: "\n"))
        }
        let problems = checks.filter(\.isProblem).count
        if problems > 0 {
            throw CommandFailure(kind: .storage, description: "\(Wording.counted(problems, "problem")) found; nothing was changed")
        }
    }
}

struct DoctorDocument: Encodable {
    let subject: String
    let detail: String
    let problem: Bool
}

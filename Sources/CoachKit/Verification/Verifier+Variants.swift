import Foundation

extension Verifier {
    /// One alternative solution and the section it belongs to.
    struct PlacedAlternative {
        let section: Course.Section
        let alternative: Course.Alternative
    }

    /// The alternative solutions grouped into builds, the n-th of every section in the n-th build.
    static func alternativeRounds(of sections: [Course.Section]) -> [[PlacedAlternative]] {
        let depth = sections.map(\.alternatives.count).max() ?? 0
        return (0..<depth).map { index in
            sections.compactMap { section in
                index < section.alternatives.count ? PlacedAlternative(section: section, alternative: section.alternatives[index]) : nil
            }
        }
    }

    /// Builds every alternative of `round` in place of its section's solution in one build and requires
    /// every check of its section to pass. When the combined build does not compile, each alternative is
    /// built on its own so the report names the one at fault.
    func checkAccepted(_ round: [PlacedAlternative]) throws -> [(PlacedAlternative, [VerificationProblem])] {
        var results: [(PlacedAlternative, [VerificationProblem])] = []
        var staged: [(PlacedAlternative, String)] = []
        for placed in round {
            let area = "Section \(placed.section.number) alternative '\(placed.alternative.id)'"
            do {
                staged.append((placed, try VariantStage(workbench: workbench).stage(.alternative(placed.alternative), of: placed.section)))
            } catch {
                results.append((placed, [VerificationProblem(area, "cannot stage the fixture: \(error.localizedDescription)")]))
            }
        }
        guard !staged.isEmpty else { return results }
        let run = try tester.run(
            BuildRequest(track: .solutions, overrides: staged.map { .init(target: $0.0.section.target, folder: $0.1) }),
            filter: "^(" + staged.map(\.0.section.testTarget).joined(separator: "|") + ")"
        )
        if !run.compiled && staged.count > 1 {
            for (placed, _) in staged { results += try checkAccepted([placed]) }
            return results
        }
        for (placed, _) in staged {
            let area = "Section \(placed.section.number) alternative '\(placed.alternative.id)'"
            let problems = Self.problems(
                section: placed.section, run: run, expectPass: true, workbench: workbench, subject: "this alternative solution"
            ).map { VerificationProblem(area, "\(placed.alternative.summary), but \($0.message)") }
            results.append((placed, problems))
        }
        return results
    }

    /// The mutation stage's report lines: one per section (its score, or why it falls short), each with
    /// its problems and how many expectations held.
    func mutationLines(for sections: [Course.Section]) throws -> [(String, String, [VerificationProblem], Int)] {
        let tester = MutationTester(workbench: workbench)
        switch try tester.run(sections, progress: { _ in }) {
        case .failure(let failure):
            return [("  mutants", "could not be tested", failure.messages.map { VerificationProblem("mutants", $0) }, 0)]
        case .success(let results):
            return results.map { result in
                let problems = result.problemLines.map { VerificationProblem("Section \(result.section.number) mutants", $0) }
                let detail = "mutation score \(result.score)%: \(result.killed.count) of \(result.outcomes.count) mutants killed"
                    + (result.equivalent.isEmpty ? "" : ", \(result.equivalent.count) equivalent")
                return ("  Section \(result.section.number)", detail, problems, result.killed.count + result.equivalent.count)
            }
        }
    }
}

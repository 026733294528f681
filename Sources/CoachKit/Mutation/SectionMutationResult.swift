/// How one section's suite fared against the mutants of its reference solution.
public struct SectionMutationResult: Sendable {
    /// The section.
    public var section: Course.Section
    /// One outcome per mutant that compiled, in file order.
    public var outcomes: [MutantOutcome]
    /// The identifiers of mutants left out because they did not compile.
    public var notCompiled: [Int]

    /// The mutants some check killed.
    public var killed: [MutantOutcome] {
        outcomes.filter { if case .killed = $0.result { return true } else { return false } }
    }

    /// The mutants every check let through.
    public var survivors: [MutantRecord] {
        outcomes.filter { $0.result == .survived }.map(\.mutant)
    }

    /// Survivors that course.json explains as equivalent to the reference.
    public var equivalent: [MutantRecord] {
        survivors.filter { mutant in section.equivalentMutants.contains(where: mutant.matches) }
    }

    /// Survivors nothing explains: each is a wrong solution the suite would pass.
    public var unexplained: [MutantRecord] {
        survivors.filter { mutant in !section.equivalentMutants.contains(where: mutant.matches) }
    }

    /// Entries of `equivalentMutants` that name no surviving mutant: a check kills it now, or the reference
    /// changed; either way the entry is out of date.
    public var staleEquivalents: [Course.EquivalentMutant] {
        section.equivalentMutants.filter { equivalent in !survivors.contains { $0.matches(equivalent) } }
    }

    /// Killed mutants over all mutants that are not equivalent, as a percentage.
    public var score: Int {
        let counted = outcomes.count - equivalent.count
        return counted == 0 ? 100 : killed.count * 100 / counted
    }

    /// Whether every mutant is killed or explained, and every explanation still applies.
    public var isComplete: Bool { unexplained.isEmpty && staleEquivalents.isEmpty }

    /// One line: "Section 3  score 96%: 27 killed, 1 equivalent, 1 survived, 2 did not compile".
    public var summaryLine: String {
        var parts = ["\(killed.count) killed"]
        if !equivalent.isEmpty { parts.append("\(equivalent.count) equivalent") }
        if !unexplained.isEmpty { parts.append("\(unexplained.count) survived") }
        if !notCompiled.isEmpty { parts.append("\(notCompiled.count) did not compile") }
        return "Section \(section.number)  mutation score \(score)% of \(outcomes.count) mutants: "
            + parts.joined(separator: ", ")
    }

    /// A line per unexplained survivor and stale explanation, for a report: where, what changed, and what to do.
    public var problemLines: [String] {
        unexplained.map { mutant in
            "survived: \(section.target)/\(mutant.file):\(mutant.line) in \(mutant.scope): \(mutant.kind), \(mutant.change) — "
                + "add a check that fails on it, or list it in course.json's equivalentMutants with the reason"
        }
            + staleEquivalents.map { entry in
                "equivalentMutants lists \(entry.file) \(entry.scope) \(entry.change), which no longer survives — remove the entry"
            }
    }
}

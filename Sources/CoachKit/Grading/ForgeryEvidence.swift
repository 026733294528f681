/// What a submission's code wrote into its test results that the grading harness did not, gathered over
/// every test run of the submission, for the instructor: how many records of each kind, and the checks
/// they named.
///
/// ```swift
/// var evidence = ForgeryEvidence()
/// evidence.merge(run.evidence)
/// evidence.sentences   // ["12 records without the grading harness's seal (naming "adds numbers", …)"]
/// ```
struct ForgeryEvidence: Equatable, Sendable {
    /// A kind of record the harness did not write.
    enum Kind: CaseIterable, Sendable {
        /// A line without a sequence number and tag.
        case unsealed
        /// A line whose tag was not made with the run's key.
        case badSeal
        /// A genuine line written again.
        case replayed

        func phrase(plural: Bool) -> String {
            switch self {
            case .unsealed:
                plural ? "records without the grading harness's seal" : "record without the grading harness's seal"
            case .badSeal: plural ? "records with a forged seal" : "record with a forged seal"
            case .replayed: plural ? "genuine records written again" : "genuine record written again"
            }
        }
    }

    /// How many records of each kind were rejected.
    var rejected: [Kind: Int] = [:]
    /// The names of the checks the rejected records named, by kind.
    var named: [Kind: Set<String>] = [:]
    /// How many genuine records were removed from the results.
    var removedRecords = 0
    /// The checks whose genuine records contradict each other, by what the contradiction is.
    var contradictions: [String: Set<String>] = [:]

    /// Whether nothing was found: an honest run.
    var isEmpty: Bool { rejected.isEmpty && removedRecords == 0 && contradictions.isEmpty }

    /// Adds what `other` found.
    mutating func merge(_ other: ForgeryEvidence) {
        rejected.merge(other.rejected, uniquingKeysWith: +)
        named.merge(other.named) { $0.union($1) }
        removedRecords += other.removedRecords
        contradictions.merge(other.contradictions) { $0.union($1) }
    }

    /// One sentence per kind of evidence, short however many records the submission wrote.
    var sentences: [String] {
        func naming(_ names: Set<String>) -> String {
            let shown = names.sorted().prefix(3).map { "\"\($0)\"" }
            return shown.isEmpty ? "" : " (naming \(shown.joined(separator: ", "))\(names.count > 3 ? ", …" : ""))"
        }
        var sentences: [String] = []
        for kind in Kind.allCases {
            guard let count = rejected[kind], count > 0 else { continue }
            sentences.append("\(count) \(kind.phrase(plural: count != 1))\(naming(named[kind] ?? []))")
        }
        if removedRecords > 0 {
            sentences.append(
                "\(removedRecords) genuine record\(removedRecords == 1 ? " was" : "s were") removed from the results")
        }
        for (problem, names) in contradictions.sorted(by: { $0.key < $1.key }) {
            sentences.append(problem + naming(names))
        }
        return sentences
    }

    /// `text` cut to 60 characters and shown without control characters: it may be the submission's.
    static func shortened(_ text: String) -> String {
        let visible = text.escapedForTerminal()
        return visible.count > 60 ? String(visible.prefix(59)) + "…" : visible
    }
}

import ArgumentParser
import Foundation
import Testing
import Yams

@testable import coach

/// The example CI files in course/grading/ that spread a class over several machines: read as YAML, and
/// every `coach` command in them parsed by coach's own argument parser, with the CI system's variables
/// filled in as each machine would see them.
@Suite("Example CI files for grading a class")
struct GradingExampleTests {
    /// The file `name` in course/grading/, parsed as YAML.
    func example(_ name: String) throws -> [String: Any] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appending(path: "course/grading/\(name)"), encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any], "\(name) is not a YAML mapping")
    }

    /// The arguments after `swift run coach` in a shell line, with double quotes removed; nil when the line
    /// does not run coach.
    func coachArguments(in line: String) -> [String]? {
        guard let range = line.range(of: "swift run coach ") else { return nil }
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in line[range.upperBound...] {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Parses `arguments` as coach does, requiring a command of type `Command`.
    func parse<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
        let command = try Coach.parseAsRoot(arguments)
        return try #require(
            command as? Command, "`coach \(arguments.joined(separator: " "))` is not `\(Command._commandName)`")
    }

    @Test("the GitHub Actions workflow grades one shard per matrix entry and merges exactly their gradebooks")
    func githubActions() throws {
        let workflow = try example("github-actions.yml")
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let grade = try #require(jobs["grade"] as? [String: Any])
        let matrix = try #require((grade["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let shards = try #require(matrix["shard"] as? [Int])
        let gradeSteps = try #require(grade["steps"] as? [[String: Any]])
        let gradeRun = try #require(
            gradeSteps.compactMap { $0["run"] as? String }.first { coachArguments(in: $0) != nil },
            "the grade job runs no `swift run coach`")

        var outputs: [String] = []
        var slices: [String] = []
        for shard in shards {
            // Filled in before the line is split into words, as the runner does: `${{ … }}` holds spaces.
            let line = gradeRun.replacingOccurrences(of: "${{ matrix.shard }}", with: String(shard))
                .replacingOccurrences(of: "${{ inputs.roster }}", with: "roster.csv")
            let arguments = try #require(coachArguments(in: line))
            let command = try parse(arguments, as: GradeCommand.self)
            slices.append(try #require(command.shard))
            outputs.append(command.output)
        }
        #expect(slices == shards.map { "\($0)/\(shards.count)" })

        let merge = try #require(jobs["merge"] as? [String: Any])
        #expect((merge["needs"] as? String) == "grade")
        let mergeSteps = try #require(merge["steps"] as? [[String: Any]])
        let mergeLine = try #require(mergeSteps.compactMap { $0["run"] as? String }.compactMap(coachArguments).first)
        let command = try parse(mergeLine, as: GradebookCommand.MergeCommand.self)
        #expect(command.folders == outputs)
    }

    @Test("the GitLab CI file grades one shard per parallel job and merges exactly their gradebooks")
    func gitlab() throws {
        let pipeline = try example("gitlab-ci.yml")
        let grade = try #require(pipeline["grade"] as? [String: Any])
        let parallel = try #require(grade["parallel"] as? Int)
        let gradeScript = try #require(grade["script"] as? [String])
        let gradeLine = try #require(gradeScript.compactMap(coachArguments).first)

        var outputs: [String] = []
        for index in 1...parallel {
            let arguments = gradeLine.map {
                $0.replacingOccurrences(of: "$CI_NODE_INDEX", with: String(index)).replacingOccurrences(
                    of: "$CI_NODE_TOTAL", with: String(parallel))
            }
            let command = try parse(arguments, as: GradeCommand.self)
            #expect(command.shard == "\(index)/\(parallel)")
            outputs.append(command.output)
        }
        let artifacts = try #require((grade["artifacts"] as? [String: Any])?["paths"] as? [String])
        #expect(artifacts == ["gradebook-$CI_NODE_INDEX"])

        let merge = try #require(pipeline["merge"] as? [String: Any])
        #expect((pipeline["stages"] as? [String]) == ["grade", "merge"])
        let mergeScript = try #require(merge["script"] as? [String])
        let mergeLine = try #require(mergeScript.compactMap(coachArguments).first)
        let command = try parse(mergeLine, as: GradebookCommand.MergeCommand.self)
        #expect(command.folders == outputs)
    }
}

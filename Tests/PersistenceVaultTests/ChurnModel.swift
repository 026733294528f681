import Foundation
import PersistenceVault

/// What the vault may hold after a series of killed `vault-churn` probes: for each item the probe changes,
/// the values it may have (nil for absent). A change the probe reported finished fixes the value; the
/// one it was killed in the middle of may have been committed or not, so both values are allowed until
/// the vault is read.
struct ChurnModel {
    /// How many probes the test kills.
    static let kills = 240
    /// How long a probe may run after it is ready before it is killed; each change takes a few milliseconds.
    static let longestRunMicroseconds: UInt32 = 25_000

    /// The items `vault-churn` changes, by the names it prints; they mirror its `ChurnTarget` list.
    static var targets: [String: [String: Any]] {
        Dictionary(
            uniqueKeysWithValues: (0..<4).map { index in
                (
                    "genp-\(index)",
                    [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrService as String: "churn",
                        kSecAttrAccount as String: "account-\(index)",
                    ] as [String: Any]
                )
            }
                + (0..<2).map { index in
                    (
                        "inet-\(index)",
                        [
                            kSecClass as String: kSecClassInternetPassword,
                            kSecAttrServer as String: "churn\(index).example.com",
                            kSecAttrAccount as String: "account",
                        ] as [String: Any]
                    )
                })
    }

    private var possible: [String: Set<String?>] = Self.targets.mapValues { _ in [nil] }
    /// Whether the last probe was killed between "begin" and "end".
    private(set) var lastChangeWasInterrupted = false

    /// How many of the items are stored, once ``checkAndResolve(with:)`` has settled every value.
    var storedItemCount: Int {
        possible.values.filter { $0.contains { $0 != nil } }.count
    }

    /// Takes in one probe's output; returns what it reported that should not happen, such as errSecDecode.
    mutating func apply(_ log: String) -> [String] {
        var problems: [String] = []
        var pending: (target: String, value: String?)?
        for line in log.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "ready":
                continue
            case "begin" where words.count >= 3 && Self.targets[words[2]] != nil:
                pending = (words[2], words[1] == "set" && words.count == 4 ? words[3] : nil)
            case "end" where pending != nil && words.count == 2:
                let (target, value) = pending!
                let status = Int32(words[1])
                if status == errSecSuccess || (value == nil && status == errSecItemNotFound) {
                    possible[target] = [value]
                } else {
                    problems.append("\(value == nil ? "deleting" : "setting") \(target) answered \(words[1])")
                }
                pending = nil
            default:
                problems.append("unexpected output line \"\(line)\"")
            }
        }
        lastChangeWasInterrupted = pending != nil
        if let (target, value) = pending {
            possible[target, default: [nil]].insert(value)
        }
        return problems
    }

    /// Reads every item and the whole of each class; returns how the vault differs from what may be there,
    /// and settles each value to the one read.
    mutating func checkAndResolve(with vault: Vault) -> [String] {
        var mismatches: [String] = []
        for (name, query) in Self.targets.sorted(by: { $0.key < $1.key }) {
            let value: String?
            do {
                let data = try vault.copyMatching(query.merging([kSecReturnData as String: true]) { $1 }) as? Data
                value = data.map { String(decoding: $0, as: UTF8.self) }
            } catch  where error.code == .itemNotFound {
                value = nil
            } catch {
                mismatches.append("\(name): \(error)")
                continue
            }
            if possible[name]?.contains(value) != true {
                mismatches.append("\(name) holds \(value ?? "nothing"), expected one of \(possible[name] ?? [])")
            }
            possible[name] = [value]
        }
        for itemClass in [kSecClassGenericPassword, kSecClassInternetPassword] {
            do {
                _ = try vault.copyMatching([
                    kSecClass as String: itemClass, kSecMatchLimit as String: kSecMatchLimitAll,
                ])
            } catch  where error.code == .itemNotFound {
                continue
            } catch {
                mismatches.append("every \(itemClass) item: \(error)")
            }
        }
        return mismatches
    }
}

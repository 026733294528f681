import Foundation

/// The public API learners can reach, as the compiler's symbol graphs describe it: every public symbol of
/// the modules a learner imports (the persistence core's modules, the workbench's own module, Section 7's
/// fetching library), each with its path (`ModelContext.fetch(_:)`), its kind and its module.
struct APISurface: Sendable, Equatable {
    /// One public symbol.
    struct Symbol: Sendable, Hashable, Comparable {
        /// The module that declares it.
        var module: String
        /// Its path from the module's top level, such as `ModelContext.fetch(_:)`.
        var path: String
        /// The symbol graph's kind, without `swift.`: `class`, `method`, `property`, `enum.case`…
        var kind: String
        /// Whether it is `@_spi(Workbench)`: public only to a file that imports the workbench's own module.
        var isSPI = false
        /// The module whose type it extends, for a member declared in an extension of another module's type.
        var extendedModule: String?

        /// Whether it is declared at the top level of its module (a type, a function, a constant).
        var isTopLevel: Bool { APISurface.components(of: path).count == 1 }
        /// The name a line of code writes for it: the last component of its path without its labels
        /// (`fetch` for `ModelContext.fetch(_:)`).
        var name: String {
            let last = APISurface.components(of: path).last ?? path
            return String(last.prefix { $0 != "(" })
        }
        /// The type it is a member of, or nil for a top-level symbol.
        var owner: String? {
            let components = APISurface.components(of: path)
            return components.count > 1 ? components.dropLast().joined(separator: ".") : nil
        }

        static func < (lhs: Symbol, rhs: Symbol) -> Bool {
            (lhs.path, lhs.kind, lhs.module) < (rhs.path, rhs.kind, rhs.module)
        }
    }

    /// Every public symbol.
    var symbols: [Symbol]

    /// The components of a symbol path, split at the dots that are not inside an argument list.
    static func components(of path: String) -> [String] {
        var components: [String] = []
        var current = ""
        var depth = 0
        for character in path {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "." where depth == 0 && !current.isEmpty && !current.allSatisfy({ "!=<>+-*/%&|^~.".contains($0) }):
                components.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { components.append(current) }
        return components
    }

    /// The symbols in the symbol graph files (`<Module>.symbols.json`, `<Module>@<Other>.symbols.json` for
    /// extensions of another module's types) in `folder`.
    ///
    /// - Throws: ``Problem`` when a file is not a symbol graph.
    static func read(fromSymbolGraphsIn folder: URL) throws -> APISurface {
        struct Graph: Decodable {
            struct Module: Decodable { var name: String }
            struct Symbol: Decodable {
                struct Kind: Decodable { var identifier: String }
                var kind: Kind
                var pathComponents: [String]
                var spi: Bool?
            }
            var module: Module
            var symbols: [Symbol]
        }
        var symbols: Set<Symbol> = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".symbols.json") {
            let file = folder.appending(path: name)
            let graph: Graph
            do {
                graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: file))
            } catch {
                throw Problem(description: "\(file.path) is not a symbol graph the compiler wrote: \(error)")
            }
            // `<Module>@<Other>.symbols.json` holds the module's extensions of `<Other>`'s types.
            let parts = name.dropLast(".symbols.json".count).split(separator: "@")
            let extended = parts.count == 2 ? String(parts[1]) : nil
            for symbol in graph.symbols {
                let kind =
                    symbol.kind.identifier.hasPrefix("swift.")
                    ? String(symbol.kind.identifier.dropFirst(6)) : symbol.kind.identifier
                symbols.insert(
                    Symbol(
                        module: graph.module.name, path: symbol.pathComponents.joined(separator: "."), kind: kind,
                        isSPI: symbol.spi ?? false, extendedModule: extended
                    ))
            }
        }
        return APISurface(symbols: symbols.sorted())
    }

    /// Why the API's symbols could not be read.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}

/// The committed line between Apple's API and the workbench's own: `course/api/apple.json` lists every
/// public symbol that mirrors one of Apple's, with the documentation page it mirrors, and
/// `course/api/workbench.json` every symbol that exists on no Apple platform, with what it is for here and
/// what a device uses instead.
struct APILine: Sendable, Codable, Equatable {
    /// A symbol that mirrors Apple's.
    struct AppleSymbol: Sendable, Codable, Equatable {
        /// Its path, as the symbol graph gives it.
        var symbol: String
        /// Its kind, as the symbol graph gives it.
        var kind: String
        /// The path of Apple's documentation page, such as `documentation/swiftdata/modelcontext/fetch(_:)`.
        var doc: String
    }

    /// A symbol that is the workbench's own.
    struct WorkbenchSymbol: Sendable, Codable, Equatable {
        var symbol: String
        var kind: String
        /// What it is for here.
        var why: String
        /// What code on a device uses instead, when anything.
        var device: String?
        /// Why it may be reached through `import PersistenceCore` (a type the macros' expansions name, a
        /// stand-in for a SwiftUI type a property wrapper returns), or nil: then it must not be.
        var reachable: String?
    }

    var apple: [AppleSymbol]
    var workbench: [WorkbenchSymbol]

    /// Where the lists are kept, relative to the workbench root.
    static let applePath = "course/api/apple.json"
    static let workbenchPath = "course/api/workbench.json"

    /// Reads both lists from `root`.
    ///
    /// - Throws: ``APISurface/Problem`` naming the file that cannot be read.
    static func read(from root: URL) throws -> APILine {
        func decode<T: Decodable>(_ path: String, as type: T.Type) throws -> T {
            do {
                return try JSONDecoder().decode(T.self, from: Data(contentsOf: root.appending(path: path)))
            } catch {
                throw APISurface.Problem(description: "\(path) cannot be read: \(error)")
            }
        }
        return APILine(
            apple: try decode(applePath, as: [AppleSymbol].self),
            workbench: try decode(workbenchPath, as: [WorkbenchSymbol].self))
    }
}

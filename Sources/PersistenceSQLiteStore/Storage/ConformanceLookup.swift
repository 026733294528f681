import Synchronization

/// Whether types conform to a protocol, found once per type and kept.
///
/// A cast to a protocol's existential (`value as? any P`) asks the Swift runtime, which on this platform
/// searched every conformance record again on each call for the predicate expressions and values that
/// every query translates: about 3,000 instructions a cast, several per query. Here each type is looked
/// up once; a value is then read as its own type, a comparison of type metadata.
final class ConformanceLookup<Conformance>: Sendable {
    /// What the lookup found for each type, `nil` for a type that does not conform.
    // Unchecked Sendable: it holds metatypes, which are immutable and shared by every thread, and is read and
    // written only inside the mutex.
    private struct Answers: @unchecked Sendable {
        var byType: [ObjectIdentifier: Conformance?] = [:]
    }

    private let answers = Mutex(Answers())
    /// Casts a metatype to the protocol's existential metatype: `{ $0 as? any P.Type }`.
    private let cast: @Sendable (Any.Type) -> Conformance?

    init(_ cast: @escaping @Sendable (Any.Type) -> Conformance?) {
        self.cast = cast
    }

    /// `type` as the protocol's existential metatype, or `nil` when it does not conform.
    func conformance(of type: Any.Type) -> Conformance? {
        let key = ObjectIdentifier(type)
        if let known = answers.withLock({ $0.byType[key] }) { return known }
        let found = cast(type)
        answers.withLock { $0.byType[key] = found }
        return found
    }
}

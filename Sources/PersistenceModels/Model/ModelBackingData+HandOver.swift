import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ModelBackingData {
    /// Makes a model of `type` over this backing data, which a store's row filled.
    ///
    /// Swift runs a model's default values (`var tags: [Tag] = []`) before the body of
    /// `init(backingData:)` stores the backing data, so the first of them would make backing data of its own
    /// to hold its value, only for the body to throw it away: about 3,000 instructions for each model read.
    /// This backing data is handed over on the current thread instead, to the first default value of
    /// `type` itself, and keeps its row's values: backing data made from a row takes no initial value.
    ///
    /// Whether a type's initializer takes the offer is the same for every model of the type: a type none
    /// of whose properties has an initial value never does. Its first model made from a row shows which,
    /// and the type's slot layout keeps the answer, so that later models of a type that never takes the
    /// offer are made without one, sparing two thread-specific writes a model (2.5% of the instructions of
    /// a fetch). A wrong answer would cost time, never values: the row's backing data ignores initial
    /// values, and the initializer stores it last.
    package func makeModel<Model: PersistentModel>(_ type: Model.Type) -> Model {
        switch values.handOverUse {
        case .ignored:
            return type.init(backingData: self)
        case .taken, nil:
            return BackingDataHandOver.offering(self, to: type) { type.init(backingData: self) }.result
        case .unknown:
            let (model, taken) = BackingDataHandOver.offering(self, to: type) { type.init(backingData: self) }
            values.handOverUse = taken ? .taken : .ignored
            return model
        }
    }

    /// The backing data offered to the model of `type` now being made from a row, taken once; `nil` when
    /// none is offered to that type, as for a model a program makes itself. `@Model`'s expansion calls it.
    public static func _handedOver(to type: AnyClass) -> ModelBackingData? {
        BackingDataHandOver.take(for: type)
    }
}

/// What a model type's initializer does with the backing data offered to it, the same for every model of
/// the type: the first of the type's own properties with an initial value takes it, and a type with none
/// never asks for it.
package enum BackingDataHandOverUse: UInt8, Sendable {
    /// No model of the type has been made from a row yet.
    case unknown
    /// The initializer takes the offer.
    case taken
    /// The initializer never asks for an offer.
    case ignored
}

/// The one backing data offered on each thread, with the model type it is offered to.
///
/// A thread-specific slot rather than a task-local value: an offer lives for one synchronous initializer
/// call and is read at most once per model, where a task-local lookup would cost more than it saves. The slot
/// points to the offer on the stack of ``offering(_:to:_:)``, which clears it before it returns; the offer
/// does not retain the backing data, which its caller holds for the whole call.
private enum BackingDataHandOver {
    struct Offer {
        let backingData: Unmanaged<ModelBackingData>
        let type: ObjectIdentifier
    }

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "cannot make the thread-specific slot models are made with (\(status))")
        return key
    }()

    /// Runs `body` with `backingData` offered to the model of `type`, and tells whether the offer was taken.
    static func offering<Result>(
        _ backingData: ModelBackingData, to type: AnyClass, _ body: () -> Result
    ) -> (result: Result, taken: Bool) {
        let offer = Offer(backingData: .passUnretained(backingData), type: ObjectIdentifier(type))
        return withUnsafePointer(to: offer) { pointer in
            let key = key
            pthread_setspecific(key, pointer)
            let result = body()
            // Taking the offer withdraws it.
            let taken = pthread_getspecific(key) == nil
            if !taken { pthread_setspecific(key, nil) }
            return (result, taken)
        }
    }

    /// The backing data offered to the model of `type`, withdrawn as it is taken.
    static func take(for type: AnyClass) -> ModelBackingData? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let offer = pointer.assumingMemoryBound(to: Offer.self).pointee
        guard offer.type == ObjectIdentifier(type) else { return nil }
        pthread_setspecific(key, nil)
        return offer.backingData.takeUnretainedValue()
    }
}

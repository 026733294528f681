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
    package func makeModel<Model: PersistentModel>(_ type: Model.Type) -> Model {
        BackingDataHandOver.offering(self, to: type) { type.init(backingData: self) }
    }

    /// The backing data offered to the model of `type` now being made from a row, taken once; `nil` when
    /// none is offered to that type, as for a model a program makes itself. `@Model`'s expansion calls it.
    public static func _handedOver(to type: AnyClass) -> ModelBackingData? {
        BackingDataHandOver.take(for: type)
    }
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

    /// Runs `body` with `backingData` offered to the model of `type`.
    static func offering<Result>(_ backingData: ModelBackingData, to type: AnyClass, _ body: () -> Result) -> Result {
        let offer = Offer(backingData: .passUnretained(backingData), type: ObjectIdentifier(type))
        return withUnsafePointer(to: offer) { pointer in
            let key = key
            pthread_setspecific(key, pointer)
            defer { pthread_setspecific(key, nil) }
            return body()
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

/// The value slots of one model: a copy-on-write array of `Any?` in a single allocation.
///
/// It does what `ContiguousArray<Any?>` does for ``ModelValues``, at a lower cost per model: the
/// standard library allocates and destroys such an array through its unspecialized generic code, which
/// looks up the array's type and destroys each value through its metadata, once for every row fetched.
/// This buffer's class is concrete, so creating and freeing one is a plain allocation and a loop.
package struct SlotArray {
    /// The values; `nil` while there are none and no room was asked for.
    private var buffer: SlotBuffer?

    /// No values.
    package init() {
        buffer = nil
    }

    /// `count` values that `initialize` writes in place, in the manner of `Array(unsafeUninitializedCapacity:)`.
    ///
    /// - Parameters:
    ///   - plainSlots: The slots, among the first 64, that only ever hold values with nothing to release,
    ///     such as numbers, dates and UUIDs (bit `n` for slot `n`): freeing the array skips them.
    ///   - initialize: Initializes the first `initializedCount` elements of the buffer it is given and sets
    ///     `initializedCount`; if it throws, the elements it initialized are destroyed.
    package init(
        count: Int,
        plainSlots: UInt64 = 0,
        initializingWith initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        let buffer = SlotBuffer.make(capacity: count, plainSlots: plainSlots)
        self.buffer = buffer
        try buffer.withUnsafeMutablePointers { header, elements in
            var initializedCount = 0
            defer { header.pointee.count = initializedCount }
            try initialize(UnsafeMutableBufferPointer(start: elements, count: count), &initializedCount)
            precondition(initializedCount <= count, "more slots initialized than there is room for")
        }
    }

    /// How many values there are.
    package var count: Int {
        buffer?.count ?? 0
    }

    package subscript(index: Int) -> Any? {
        get {
            precondition(index >= 0 && index < count, "slot index out of range")
            return buffer!.withUnsafeMutablePointerToElements { $0[index] }
        }
        set {
            precondition(index >= 0 && index < count, "slot index out of range")
            makeUnique(capacity: count)
            buffer!.withUnsafeMutablePointerToElements { $0[index] = newValue }
        }
    }

    /// Whether any slot holds a value.
    var hasAnyValue: Bool {
        guard let buffer else { return false }
        return buffer.withUnsafeMutablePointers { header, elements in
            UnsafeBufferPointer(start: elements, count: header.pointee.count).contains { $0 != nil }
        }
    }

    mutating func append(_ value: Any?) {
        let count = count
        makeUnique(capacity: count + 1)
        buffer!.withUnsafeMutablePointers { header, elements in
            (elements + count).initialize(to: value)
            header.pointee.count = count + 1
        }
    }

    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "slot index out of range")
        makeUnique(capacity: count)
        buffer!.withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            (elements + index).deinitialize(count: 1)
            (elements + index).moveInitialize(from: elements + index + 1, count: count - index - 1)
            header.pointee.count = count - 1
            header.pointee.plainSlots = SlotBuffer.Header.removing(index, from: header.pointee.plainSlots)
        }
    }

    /// Makes room for `capacity` values in all.
    mutating func reserveCapacity(_ capacity: Int) {
        makeUnique(capacity: capacity)
    }

    /// Gives the array a buffer of its own with room for `capacity` values, copying the values when the
    /// buffer is shared and moving them to a larger one when it is too small.
    private mutating func makeUnique(capacity: Int) {
        let isUnique = isKnownUniquelyReferenced(&buffer)
        let oldCapacity = buffer?.reservedCapacity ?? 0
        if isUnique, capacity <= oldCapacity { return }
        let count = count
        let newCapacity = capacity <= oldCapacity ? oldCapacity : Swift.max(capacity, oldCapacity * 2, 4)
        let replacement = SlotBuffer.make(capacity: newCapacity, plainSlots: buffer?.plainSlots ?? 0)
        if let old = buffer {
            replacement.withUnsafeMutablePointers { header, elements in
                old.withUnsafeMutablePointers { oldHeader, oldElements in
                    if isUnique {
                        elements.moveInitialize(from: oldElements, count: count)
                        oldHeader.pointee.count = 0
                    } else {
                        elements.initialize(from: oldElements, count: count)
                    }
                }
                header.pointee.count = count
            }
        }
        buffer = replacement
    }
}

extension SlotArray: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: Any?...) {
        self.init(count: elements.count) { slots, initializedCount in
            for element in elements {
                (slots.baseAddress! + initializedCount).initialize(to: element)
                initializedCount += 1
            }
        }
    }
}

/// The storage of a ``SlotArray``: its count and room in the header, the values after it.
final class SlotBuffer: ManagedBuffer<SlotBuffer.Header, Any?> {
    struct Header {
        var count: Int
        let capacity: Int
        /// The slots, among the first 64, whose values have nothing to release (bit `n` for slot `n`).
        var plainSlots: UInt64

        /// `slots` after the value at `index` is removed and the ones after it move down.
        static func removing(_ index: Int, from slots: UInt64) -> UInt64 {
            guard index < 64 else { return slots }
            let below = slots & ((1 &<< UInt64(index)) &- 1)
            let above = index < 63 ? (slots >> UInt64(index + 1)) << UInt64(index) : 0
            return below | above
        }
    }

    /// An empty buffer with room for `capacity` values.
    static func make(capacity: Int, plainSlots: UInt64 = 0) -> SlotBuffer {
        let buffer = create(minimumCapacity: capacity) { _ in
            Header(count: 0, capacity: capacity, plainSlots: plainSlots)
        }
        return unsafeDowncast(buffer, to: SlotBuffer.self)
    }

    // The header's fields are read through a pointer: the inherited `header` property is a class's stored
    // property, so each read of it would make the two run-time exclusivity calls of a checked access, and
    // every property read or write of a model reads the count.

    /// How many values the buffer holds.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    /// How many values the buffer has room for.
    var reservedCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
    /// The slots, among the first 64, whose values have nothing to release.
    var plainSlots: UInt64 { withUnsafeMutablePointerToHeader { $0.pointee.plainSlots } }

    deinit {
        withUnsafeMutablePointers { header, elements in
            let plainSlots = header.pointee.plainSlots
            guard plainSlots != 0 else {
                elements.deinitialize(count: header.pointee.count)
                return
            }
            // A number, date or UUID in an `Any` needs no destroying: only the others go through the
            // runtime's value witnesses.
            for index in 0..<header.pointee.count where index >= 64 || plainSlots & (1 &<< UInt64(index)) == 0 {
                (elements + index).deinitialize(count: 1)
            }
        }
    }
}

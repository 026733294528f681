import Foundation
import Synchronization

/// Where each persisted property of a model type keeps its value: one slot per property, in declaration order.
///
/// Computed once per model type, so that a fetched row fills its values by position rather than by name.
package final class ModelSlotLayout: Sendable {
    /// The property names, in slot order.
    package let names: [String]
    /// The slot of each property name.
    package let slots: [String: Int]
    /// The slots, among the first 64, whose values never need releasing (bit `n` for slot `n`): numbers,
    /// Booleans, dates and UUIDs, optional or not.
    package let plainSlots: UInt64
    /// What the initializer of the layout's model type did with the backing data offered to it when the
    /// first model was made from a row (a ``BackingDataHandOverUse`` raw value); the same for every model of
    /// the type, so later models are made the way that one showed.
    package let handOverUse = Atomic<UInt8>(BackingDataHandOverUse.unknown.rawValue)

    package init(names: [String], plainSlots: UInt64 = 0) {
        self.names = names
        self.plainSlots = plainSlots
        var slots: [String: Int] = [:]
        for (slot, name) in names.enumerated() where slots[name] == nil {
            slots[name] = slot
        }
        self.slots = slots
    }

    /// The slot of the property `name`, if the layout has one.
    ///
    /// A short layout is searched in order: comparing a few short names, most of which fit in a string
    /// without storage of its own, costs less than hashing one for ``slots``.
    @inline(__always)
    package func slot(of name: String) -> Int? {
        guard names.count <= Self.searchedInOrder else { return slots[name] }
        return names.firstIndex(of: name)
    }

    /// The most properties a layout searches in order rather than by hash.
    private static let searchedInOrder = 8
}

/// The values of a model's persisted properties, read and written by property name.
///
/// Values of a fetched model sit in slots laid out once per model type; a new model, whose type the
/// backing data does not know while its initializer runs, keeps its values in a short list of named
/// entries: models have few properties, and comparing their short names costs less than hashing them.
///
/// The slots of a layout of at most ``inlineCapacity`` properties are stored in the value itself, and so
/// inside the backing data that holds it: a fetched row then costs one allocation rather than two, and
/// a copy copies its values one by one. Larger layouts, and values kept by name, live in a ``SlotArray``.
///
/// The methods that read values are `mutating` although they change nothing: called on values held in a
/// class's property, as backing data holds them, a mutating method works on them in place, where a
/// non-mutating one is handed a copy of them, every inline value retained and released again.
package struct ModelValues {
    /// The slots stored inside the value.
    private typealias InlineSlots = InlineArray<8, Any?>
    /// The most slots stored inside the value rather than in a ``SlotArray``.
    package static let inlineCapacity = InlineSlots.count
    /// Inline slots that all hold `nil`, each written as a literal: `InlineArray(repeating:)` copies its value
    /// into each element through a call.
    private static var emptyInlineSlots: InlineSlots { [nil, nil, nil, nil, nil, nil, nil, nil] }

    private var layout: ModelSlotLayout?
    /// The layout's slots when ``slotsAreInline``; `nil` past the layout's slot count, and otherwise.
    private var inlineSlots: InlineSlots
    /// Whether the layout's slots are ``inlineSlots`` rather than the first entries of ``slots``.
    private var slotsAreInline: Bool
    /// How many of the inline slots the layout uses, when ``slotsAreInline``: kept beside the flag, in the
    /// room its alignment leaves, so that filling the slots of a fetched row reads nothing from the layout.
    private var inlineSlotCount: UInt8
    /// The values after the inline slots: the layout's slots unless they are inline, then those kept by
    /// name, in the order of ``names``.
    private var slots: SlotArray
    /// The names of the values that have no slot in the layout (all of them without a layout); kept apart
    /// so that a search compares names without copying values.
    private var names: ContiguousArray<String>

    /// No values, kept by name.
    package init() {
        layout = nil
        inlineSlots = Self.emptyInlineSlots
        slotsAreInline = false
        inlineSlotCount = 0
        slots = SlotArray()
        names = []
    }

    /// Values already placed in the slots of `layout`; `slots` has one entry per slot.
    package init(layout: ModelSlotLayout, slots: SlotArray) {
        precondition(slots.count == layout.names.count, "slot values do not match the layout")
        self.init(layout: layout) { buffer, initializedCount in
            for index in 0..<slots.count {
                (buffer.baseAddress! + index).initialize(to: slots[index])
                initializedCount += 1
            }
        }
    }

    /// Values of every slot of `layout`, which `initialize` writes in place in slot order, as
    /// ``SlotArray/init(count:plainSlots:initializingWith:)`` describes; leaving a slot unwritten is an error.
    @inline(__always)
    init(
        layout: ModelSlotLayout,
        initializingSlotsWith initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        self.init(slotsToFillOf: layout)
        try fillSlots(with: initialize)
    }

    /// What the initializer of the layout's model type does with the backing data offered to it, as far as
    /// the layout knows (see ``ModelSlotLayout/handOverUse``); `nil` for values kept by name. Read in place,
    /// without retaining the layout.
    var handOverUse: BackingDataHandOverUse? {
        mutating get {
            guard let layout else { return nil }
            return BackingDataHandOverUse(rawValue: layout.handOverUse.load(ordering: .relaxed))
        }
        set {
            guard let newValue, let layout else { return }
            layout.handOverUse.store(newValue.rawValue, ordering: .relaxed)
        }
    }

    /// Values laid out by `layout` whose slots ``fillSlots(with:)`` writes next, the one thing to do with them
    /// until then: a layout too large for the inline slots has no slots yet.
    ///
    /// The two steps let backing data fill its values where it keeps them, rather than copy values made
    /// elsewhere.
    @inline(__always)
    init(slotsToFillOf layout: ModelSlotLayout) {
        self.layout = layout
        self.names = []
        self.inlineSlots = Self.emptyInlineSlots
        let count = layout.names.count
        self.slotsAreInline = count <= Self.inlineCapacity
        self.inlineSlotCount = count <= Self.inlineCapacity ? UInt8(count) : 0
        self.slots = SlotArray()
    }

    /// Has `initialize` write every slot of values made with ``init(slotsToFillOf:)`` in place, as
    /// ``SlotArray/init(count:plainSlots:initializingWith:)`` describes; leaving a slot unwritten is an error.
    ///
    /// The inline slots hold `nil`, which has nothing to destroy, so `initialize` writes over them; the ones it
    /// wrote before a throw are destroyed with the values.
    @inline(__always)
    mutating func fillSlots(
        with initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        if slotsAreInline {
            let count = Int(inlineSlotCount)
            var span = inlineSlots.mutableSpan
            try span.withUnsafeMutableBufferPointer { all in
                var initializedCount = 0
                try initialize(UnsafeMutableBufferPointer(start: all.baseAddress, count: count), &initializedCount)
                precondition(initializedCount == count, "slot values do not match the layout")
            }
        } else {
            guard let layout else { preconditionFailure("values kept by name have no slots to fill") }
            let count = layout.names.count
            slots = try SlotArray(count: count, plainSlots: layout.plainSlots) { slots, initializedCount in
                try initialize(slots, &initializedCount)
                precondition(initializedCount == count, "slot values do not match the layout")
            }
        }
    }

    /// The value in the layout's slot `index`.
    @inline(__always)
    private func slotValue(_ index: Int) -> Any? {
        slotsAreInline ? inlineSlots[index] : slots[index]
    }

    /// Sets the layout's slot `index`.
    @inline(__always)
    private mutating func setSlotValue(_ value: Any?, at index: Int) {
        if slotsAreInline {
            inlineSlots[index] = value
        } else {
            slots[index] = value
        }
    }

    /// The value of the property `key`, or `nil` when it has none yet.
    package subscript(key: String) -> Any? {
        mutating get {
            if let layout, let slot = layout.slot(of: key) { return slotValue(slot) }
            return names.firstIndex(of: key).flatMap { slots[namedBase + $0] }
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            setValue(newValue, forKey: key)
        }
    }

    /// Removes the value of the property `key`: a layout's slot is emptied, a value kept by name is dropped.
    private mutating func removeValue(forKey key: String) {
        if let layout, let slot = layout.slot(of: key) {
            setSlotValue(nil, at: slot)
        } else if let position = names.firstIndex(of: key) {
            names.remove(at: position)
            slots.remove(at: namedBase + position)
        }
    }

    /// The value of the property `key`, or `nil` when it has none yet, for a reader that asks for several
    /// properties in the order a model's initializer usually sets them: the search of the values kept by
    /// name starts at `hint` and wraps around, and `hint` moves past the value found. A new model's values
    /// are kept by name in the order they were set, so reading its columns in declaration order compares
    /// one name each rather than every name before it.
    package mutating func value(forKey key: String, hint: inout Int) -> Any? {
        if let layout, let slot = layout.slot(of: key) { return slotValue(slot) }
        let count = names.count
        guard count > 0 else { return nil }
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            if names[position] == key {
                hint = position + 1
                return slots[namedBase + position]
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    /// Sets the property `key` to a value, in its slot of the layout or kept by name.
    package mutating func setValue(_ value: Any, forKey key: String) {
        if let layout, let slot = layout.slot(of: key) {
            setSlotValue(value, at: slot)
        } else if let position = names.firstIndex(of: key) {
            slots[namedBase + position] = value
        } else {
            names.append(key)
            slots.append(value)
        }
    }

    /// A property's place, found once for many models of one type: its slot in that type's layout.
    package struct Slot {
        let key: String
        let layout: ModelSlotLayout
        let index: Int?

        package init(forKey key: String, in layout: ModelSlotLayout) {
            self.key = key
            self.layout = layout
            self.index = layout.slot(of: key)
        }
    }

    /// Whether the property at `slot` has a value; models laid out by the slot's layout skip the name lookup.
    package mutating func hasValue(at slot: Slot) -> Bool {
        if let index = slot.index, layout === slot.layout {
            if case .none = slotValue(index) { return false }
            return true
        }
        return self[slot.key] != nil
    }

    /// Sets the property at `slot`; models laid out by the slot's layout skip the name lookup.
    package mutating func setValue(_ value: Any, at slot: Slot) {
        if let index = slot.index, layout === slot.layout {
            setSlotValue(value, at: index)
        } else {
            self[slot.key] = value
        }
    }

    /// Every value with its property name: those of the layout's slots, then those kept by name.
    package var entries: [(key: String, value: Any)] {
        mutating get {
            var entries: [(key: String, value: Any)] = []
            if let layout {
                for (slot, name) in layout.names.enumerated() {
                    if let value = slotValue(slot) { entries.append((name, value)) }
                }
            }
            for (position, name) in names.enumerated() {
                if let value = slots[namedBase + position] { entries.append((name, value)) }
            }
            return entries
        }
    }

    /// Where the values kept by name start in ``slots``.
    private var namedBase: Int { slotsAreInline ? 0 : layout?.names.count ?? 0 }

    /// Whether no property has a value.
    package var isEmpty: Bool {
        mutating get {
            // A value kept by name is never `nil`: setting `nil` removes it.
            guard let layout else { return names.isEmpty }
            if slotsAreInline {
                for index in 0..<layout.names.count where inlineSlots[index] != nil { return false }
            }
            return !slots.hasAnyValue
        }
    }

    /// Makes room for `count` values kept by name.
    mutating func reserveCapacity(_ count: Int) {
        guard layout == nil else { return }
        names.reserveCapacity(count)
        slots.reserveCapacity(count)
    }
}

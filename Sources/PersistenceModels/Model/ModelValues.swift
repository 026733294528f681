import Foundation

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
package struct ModelValues {
    private var layout: ModelSlotLayout?
    /// The values: first those of the layout's slots, then those kept by name, in the order of ``names``.
    private var slots: SlotArray
    /// The names of the values that have no slot in the layout (all of them without a layout); kept apart
    /// so that a search compares names without copying values.
    private var names: ContiguousArray<String>

    /// No values, kept by name.
    package init() {
        layout = nil
        slots = SlotArray()
        names = []
    }

    /// Values already placed in the slots of `layout`; `slots` has one entry per slot.
    package init(layout: ModelSlotLayout, slots: SlotArray) {
        precondition(slots.count == layout.names.count, "slot values do not match the layout")
        self.layout = layout
        self.slots = slots
        self.names = []
    }

    /// Values of every slot of `layout`, which `initialize` writes in place in slot order, as
    /// ``SlotArray/init(count:plainSlots:initializingWith:)`` describes; leaving a slot unwritten is an error.
    @inline(__always)
    init(
        layout: ModelSlotLayout,
        initializingSlotsWith initialize: (UnsafeMutableBufferPointer<Any?>, inout Int) throws -> Void
    ) rethrows {
        let count = layout.names.count
        self.slots = try SlotArray(count: count, plainSlots: layout.plainSlots) { slots, initializedCount in
            try initialize(slots, &initializedCount)
            precondition(initializedCount == count, "slot values do not match the layout")
        }
        self.layout = layout
        self.names = []
    }

    /// The value of the property `key`, or `nil` when it has none yet.
    package subscript(key: String) -> Any? {
        get {
            if let layout, let slot = layout.slot(of: key) { return slots[slot] }
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
            slots[slot] = nil
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
    package func value(forKey key: String, hint: inout Int) -> Any? {
        if let layout, let slot = layout.slot(of: key) { return slots[slot] }
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
            slots[slot] = value
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
    package func hasValue(at slot: Slot) -> Bool {
        if let index = slot.index, layout === slot.layout {
            if case .none = slots[index] { return false }
            return true
        }
        return self[slot.key] != nil
    }

    /// Sets the property at `slot`; models laid out by the slot's layout skip the name lookup.
    package mutating func setValue(_ value: Any, at slot: Slot) {
        if let index = slot.index, layout === slot.layout {
            slots[index] = value
        } else {
            self[slot.key] = value
        }
    }

    /// Every value with its property name: those of the layout's slots, then those kept by name.
    package var entries: [(key: String, value: Any)] {
        var entries: [(key: String, value: Any)] = []
        if let layout {
            for (slot, name) in layout.names.enumerated() {
                if let value = slots[slot] { entries.append((name, value)) }
            }
        }
        for (position, name) in names.enumerated() {
            if let value = slots[namedBase + position] { entries.append((name, value)) }
        }
        return entries
    }

    /// Where the values kept by name start in ``slots``.
    private var namedBase: Int { layout?.names.count ?? 0 }

    /// Whether no property has a value.
    package var isEmpty: Bool {
        // A value kept by name is never `nil`: setting `nil` removes it.
        guard layout != nil else { return names.isEmpty }
        return !slots.hasAnyValue
    }

    /// Makes room for `count` values kept by name.
    mutating func reserveCapacity(_ count: Int) {
        guard layout == nil else { return }
        names.reserveCapacity(count)
        slots.reserveCapacity(count)
    }
}

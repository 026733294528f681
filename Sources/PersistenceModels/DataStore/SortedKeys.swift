import Foundation

/// Sets of row keys kept as sorted arrays without repeats: half the memory of a `Set` for the half a
/// million keys a delete by predicate may hold.
package enum SortedKeys {
    /// `keys` sorted and without repeats; a list that already is comes back as it is, uncopied.
    package static func normalized(_ keys: [Int64]) -> [Int64] {
        var isNormal = true
        for index in keys.indices.dropFirst() where keys[index - 1] >= keys[index] {
            isNormal = false
            break
        }
        if isNormal { return keys }
        var sorted = keys
        sorted.sort()
        var result: [Int64] = []
        result.reserveCapacity(sorted.count)
        for key in sorted where result.last != key { result.append(key) }
        return result
    }

    /// Whether the sorted `keys` hold `key`.
    package static func contains(_ key: Int64, in keys: [Int64]) -> Bool {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
    }

    /// The keys of both sorted lists, sorted, each once.
    package static func union(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Int64] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: Int64
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if result.last != next { result.append(next) }
        }
        return result
    }
}

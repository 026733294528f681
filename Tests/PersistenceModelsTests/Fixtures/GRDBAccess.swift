import GRDB

/// GRDB's row type, for tests that look at the stored rows directly.
typealias GRDBRow = GRDB.Row

import Foundation

/// `1,234 ml` for 1234.
func ml(_ amount: Int) -> String { "\(amount.formatted(.number.grouping(.automatic))) ml" }

/// `45 %` for a share of 0.45.
func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }

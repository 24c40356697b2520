package import TCFJSON

extension Permission {
    /// Writes `{"allowed", "basis", "reason"}` (`tcstring permissions`' cell): `"basis"` is the
    /// legal basis that allows it, `null` when nothing does; without `"basis"` when `basis` is
    /// false (a special feature has none).
    package func writeJSON(basis: Bool = true, to out: inout OutputBuffer) {
        out.append("{\"allowed\":")
        out.appendBool(isAllowed)
        if basis {
            out.append(",\"basis\":")
            if isAllowed, let used = self.basis {
                out.appendString(used.rawValue)
            } else {
                out.appendNull()
            }
        }
        out.append(",\"reason\":")
        out.appendString(reason.rawValue)
        out.append("}")
    }
}

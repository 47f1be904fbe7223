// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit

extension Widget {
    /// Configures a freshly made widget inline, keeping construction declarative.
    func configured(_ body: (Self) -> Void) -> Self {
        body(self)
        return self
    }
}

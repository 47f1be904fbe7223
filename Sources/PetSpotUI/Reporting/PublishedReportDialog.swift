// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// "Report Published": the management password, shown this once, large and
/// selectable, with a button that copies it and a sentence saying what it is
/// for and whether the keyring kept it.
@MainActor
struct PublishedReportDialog {
    private let dialog: MessageDialog

    /// `onClose` learns whether the user chose View Report.
    init(report: SubmittedReport, transientFor parent: (any Toplevel)?, onClose: @escaping @MainActor (Bool) -> Void) {
        dialog = MessageDialog(transientFor: parent, heading: tr("Report Published"), body: report.passwordMessage)
        // The window's name for screen readers (AdwMessageDialog leaves it empty).
        dialog.title = tr("Report Published")
        if let password = report.password {
            let digits = Label(password, cssClasses: ["title-1", "numeric", "management-password"])
            digits.setSelectable(true)
            digits.setAccessibleLabel(tr("Management password"))
            let copy = Button(label: tr("Copy Password"), iconName: "edit-copy-symbolic", cssClasses: ["pill"])
            copy.setAlign(horizontal: .center)
            let copied = Label("", cssClasses: ["dim-label"])
            copy.onClicked {
                copy.copyToClipboard(password)
                copied.text = tr("Copied")
            }
            let box = Box(.vertical, spacing: 12, children: [digits, copy, copied])
            dialog.setExtraChild(box)
        }
        dialog.addResponse("view", label: tr("_View Report"))
        dialog.addResponse("close", label: tr("_Done"), appearance: .suggested)
        dialog.defaultResponse = "close"
        dialog.closeResponse = "close"
        dialog.onResponse { response in onClose(response == "view") }
    }

    func present() { dialog.present() }
}

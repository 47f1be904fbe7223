// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// The reports waiting to be sent (`Outbox`), each with its name, what kind
/// of report it is, "Will be sent when online" (or why the server refused
/// it) and Discard…, which asks first. Hidden while there are none. The
/// report form and My Reports both show it.
@MainActor
final class PendingReportsList {
    let widget: Box
    private let outbox: Outbox
    private let dialogParent: Window
    /// Rows by position, reused as the list changes: a box keeps its children.
    private var rows: [PendingReportRow] = []
    /// The discarding being confirmed, if its dialog is open.
    private(set) var discardDialog: MessageDialog?

    init(outbox: Outbox, dialogParent: Window) {
        self.outbox = outbox
        self.dialogParent = dialogParent
        widget = Box(.vertical, spacing: 6)
        widget.makeAccessibleGroup(named: tr("Reports not sent yet"))
        widget.isVisible = false
        widget.keepAlive(self)
        widget.bind { [unowned self] in render() }
    }

    private func render() {
        let reports = outbox.reports
        while rows.count < reports.count {
            let row = PendingReportRow()
            let index = rows.count
            row.onDiscard = { [unowned self] in
                if index < outbox.reports.count { confirmDiscard(outbox.reports[index]) }
            }
            rows.append(row)
            widget.append(row.widget)
        }
        for (index, row) in rows.enumerated() {
            if index < reports.count {
                row.show(reports[index], canDiscard: reports[index].id != outbox.sendingID)
            }
            row.widget.isVisible = index < reports.count
        }
        widget.isVisible = !reports.isEmpty
    }

    /// Discarding cannot be undone: asked first, Cancel the default.
    private func confirmDiscard(_ report: PendingReport) {
        guard discardDialog == nil else { return }
        // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
        let heading = tr("Discard {name}?", ["name": report.title])
        let dialog = MessageDialog(
            transientFor: dialogParent, heading: heading,
            body: report.discardQuestion)
        // The window's name for screen readers (AdwMessageDialog leaves it empty).
        dialog.title = heading
        dialog.addResponse("cancel", label: tr("_Cancel"))
        dialog.addResponse("discard", label: tr("_Discard"), appearance: .destructive)
        dialog.defaultResponse = "cancel"
        dialog.closeResponse = "cancel"
        dialog.onResponse { [weak self, outbox] response in
            self?.discardDialog = nil
            if response == "discard" { outbox.discard(id: report.id) }
        }
        dialog.present()
        discardDialog = dialog
    }
}

/// One report waiting to be sent.
@MainActor
private final class PendingReportRow {
    let widget: Box
    var onDiscard: (@MainActor () -> Void)?
    private let icon = Image(iconName: "network-offline-symbolic")
    private let title = Label("", cssClasses: ["heading"])
    private let subtitle = Label("", cssClasses: ["dim-label"])
    private let status = Label("")
    private let discard = Button(label: tr("Discard…"), cssClasses: ["pill"])

    init() {
        for label in [title, subtitle, status] {
            label.setXAlign(0)
            label.setWrap(true)
        }
        let texts = Box(.vertical, spacing: 2, children: [title, subtitle, status])
        texts.setExpand(horizontal: true)
        icon.setAlign(vertical: .center)
        discard.setAlign(vertical: .center)
        widget = Box(.horizontal, spacing: 12, children: [icon, texts, discard])
        widget.addCSSClass("card")
        for child in [icon as any Widget, discard] { child.setMargins(top: 0, bottom: 0, start: 12, end: 12) }
        texts.setMargins(top: 12, bottom: 12, start: 0, end: 0)
        discard.onClicked { [unowned self] in onDiscard?() }
        widget.keepAlive(self)
    }

    func show(_ report: PendingReport, canDiscard: Bool) {
        title.text = report.title
        subtitle.text = report.subtitle
        status.text = report.statusText
        status.setCSSClass("error", report.refusal != nil)
        status.setCSSClass("dim-label", report.refusal == nil)
        // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
        discard.setAccessibleLabel(tr("Discard {name}", ["name": report.title]))
        discard.setAccessibleDescription(report.statusText)
        discard.isSensitive = canDiscard
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import PetSpotDomain
import PetSpotUI
import QRKit
import ShumateKit
import Testing

@testable import PetSpotClient
@testable import PetSpotPresentation
@testable import PetSpotServer

/// docs/LIMITS.md lists every limit the product enforces with the constant
/// that holds it; these tests keep the table and the code saying the same.
@Suite("docs/LIMITS.md says what the code enforces")
struct LimitsDocumentTests {
    /// Every limit in code, by the name the table's last column gives it, in
    /// the table's base units: bytes, seconds, or a plain count.
    static let limitsInCode: [String: Double] = {
        let connections = ConnectionLimits()
        let reportCreation = ReportCreationLimit()
        let repository = HTTPAnnouncementRepository.Configuration.standard
        let publisher = HTTPReportPublisher.Configuration.standard
        let fetcher = HTTPPhotoFetcher()
        let location = DesktopLocationOptions()
        var limits: [String: Double] = [
            "PhotoLimits.maximumBytes": Double(PhotoLimits.maximumBytes),
            "PhotoLimits.maximumPixels": Double(PhotoLimits.maximumPixels),
            "PhotoLimits.maximumSide": Double(PhotoLimits.maximumSide),
            "PhotoLimits.uploadLongestSide": Double(PhotoLimits.uploadLongestSide),
            "NewReportBody.maximumBytes": Double(NewReportBody.maximumBytes),
            "PhotoUpload.formOverheadBytes": Double(PhotoUpload.formOverheadBytes),
            "PhotoUpload.maximumBoundaryLength": Double(PhotoUpload.maximumBoundaryLength),
            "BasicCredentials.maximumHeaderBytes": Double(BasicCredentials.maximumHeaderBytes),
            "ImageFileName.maximumBytes": Double(ImageFileName.maximumBytes),
            "ConnectionLimits().requestTimeout": seconds(connections.requestTimeout),
            "ConnectionLimits().idleTimeout": seconds(connections.idleTimeout),
            "ConnectionLimits().uploadTimeout": seconds(connections.uploadTimeout),
            "ConnectionLimits().maximumConnections": Double(connections.maximumConnections),
            "ConnectionLimits().maximumConnectionsPerAddress": Double(connections.maximumConnectionsPerAddress),
            "ConnectionLimits().minimumBodyBytes": Double(connections.minimumBodyBytes),
            "ConnectionLimits().bodyRateWindow": seconds(connections.bodyRateWindow),
            "ReportCreationLimit().burst": Double(reportCreation.burst),
            "ReportCreationLimit().interval": seconds(reportCreation.interval),
            "ReportCreationAllowance.defaultMaximumClients": Double(ReportCreationAllowance.defaultMaximumClients),
            "SightingLimit().burst": Double(SightingLimit().burst),
            "SightingLimit().interval": seconds(SightingLimit().interval),
            "SightingRules.noteMaximumLength": Double(SightingRules.noteMaximumLength),
            "SightingRules.allowedClockSkew": seconds(SightingRules.allowedClockSkew),
            "SightingRules.maximumAge": seconds(SightingRules.maximumAge),
            "SightingBody.maximumBytes": Double(SightingBody.maximumBytes),
            "SightingRoutes.shownLimit": Double(SightingRoutes.shownLimit),
            "AnnouncementPageRequest.maximumLimit": Double(AnnouncementPageRequest.maximumLimit),
            "AnnouncementPageRequest.areaTotalCountedUpTo": Double(AnnouncementPageRequest.areaTotalCountedUpTo),
            "MatchRoutes.answeredLimit": Double(MatchRoutes.answeredLimit),
            "HTTPSightingsRepository.maximumListed": Double(HTTPSightingsRepository.maximumListed),
            "PasswordAttempts.limit": Double(PasswordAttempts.limit),
            "PasswordAttempts.window": PasswordAttempts.window,
            "PhotoCheck.photosDecodedAtOnce": Double(PhotoCheck.photosDecodedAtOnce),
            "PhotoCheck.defaultMaximumWaiting": Double(PhotoCheck.defaultMaximumWaiting),
            "PhotoCheck.retryAfterSeconds": Double(PhotoCheck.retryAfterSeconds),
            "DatabaseUnavailableError.connectionWait": seconds(DatabaseUnavailableError.connectionWait),
            "DatabaseUnavailableError.retryAfterSeconds": Double(DatabaseUnavailableError.retryAfterSeconds),
            "PasswordHashing.maximumIterations": Double(PasswordHashing.maximumIterations),
            "PetSpotHTTPServer.maximumGracefulShutdown": seconds(PetSpotHTTPServer.maximumGracefulShutdown),
            "HTTPAnnouncementRepository.Configuration.standard.maxBodyBytes": Double(repository.maxBodyBytes),
            "HTTPAnnouncementRepository.Configuration.standard.listSizeLimitBytes": Double(
                repository.listSizeLimitBytes),
            "AnnouncementListReader.pieceBytes": Double(AnnouncementListReader.pieceBytes),
            "HTTPAnnouncementRepository.Configuration.standard.connectTimeout": seconds(repository.connectTimeout),
            "HTTPAnnouncementRepository.Configuration.standard.deadline": seconds(repository.deadline),
            "HTTPAnnouncementRepository.errorPreviewBytes": Double(HTTPAnnouncementRepository.errorPreviewBytes),
            "ReportPageView.previewCharacters": Double(ReportPageView.previewCharacters),
            "RequestOrigin.maximumHostBytes": Double(RequestOrigin.maximumHostBytes),
            "ReportPageRoute.cacheSeconds": Double(ReportPageRoute.cacheSeconds),
            "ReportPageProbe.connectTimeout": seconds(ReportPageProbe.connectTimeout),
            "ReportPageProbe.deadline": seconds(ReportPageProbe.deadline),
            "ReportPageProbe.maximumRemembered": Double(ReportPageProbe.maximumRemembered),
            "HTTPReportPublisher.Configuration.standard.connectTimeout": seconds(publisher.connectTimeout),
            "HTTPReportPublisher.Configuration.standard.deadline": seconds(publisher.deadline),
            "HTTPReportPublisher.Configuration.standard.uploadDeadline": seconds(publisher.uploadDeadline),
            "HTTPReportPublisher.Configuration.standard.maxResponseBytes": Double(publisher.maxResponseBytes),
            "HTTPReportPublisher.errorEnvelopeBytes": Double(HTTPReportPublisher.errorEnvelopeBytes),
            "HTTPPhotoFetcher().connectTimeout": seconds(fetcher.connectTimeout),
            "HTTPPhotoFetcher().deadline": seconds(fetcher.deadline),
            "ProcessWideHTTPClients.maximumRedirects": Double(ProcessWideHTTPClients.maximumRedirects),
            "WireTextLimit.shortText": Double(WireTextLimit.shortText),
            "WireTextLimit.description": Double(WireTextLimit.description),
            "WireTextLimit.token": Double(WireTextLimit.token),
            "WireTextLimit.photoURL": Double(WireTextLimit.photoURL),
            "ReportSearchIndex.maximumSearchLength": Double(ReportSearchIndex.maximumSearchLength),
            "ReportSearchIndex.resultLimit": Double(ReportSearchIndex.resultLimit),
            "ReportSearch.thumbnailSide": Double(ReportSearch.thumbnailSide),
            "PetSpotApplication.serviceInactivityTimeout": seconds(PetSpotApplication.serviceInactivityTimeout),
            "DBusExport.maximumArgumentBytes": Double(DBusExport.maximumArgumentBytes),
            "WireTextLimit.id": Double(WireTextLimit.id),
            "LogOnceRegistry.defaultCapacity": Double(LogOnceRegistry.defaultCapacity),
            "SearchRegion.maximumCoveringKilometres": Double(SearchRegion.maximumCoveringKilometres),
            "ReportFormValues.ageMaximumLength": Double(ReportFormValues.ageMaximumLength),
            "ReportFormValues.coordinateMaximumLength": Double(ReportFormValues.coordinateMaximumLength),
            "ReportDraftFile.maximumBytes": Double(ReportDraftFile.maximumBytes),
            "PendingReportFile.maximumBytes": Double(PendingReportFile.maximumBytes),
            "Outbox.maximumReports": Double(Outbox.maximumReports),
            "Outbox.firstRetryDelay": seconds(Outbox.firstRetryDelay),
            "Outbox.longestRetryDelay": seconds(Outbox.longestRetryDelay),
            "OfflineCache.sizeLimitBytes": Double(OfflineCache.sizeLimitBytes),
            "OfflineCache.listSizeLimitBytes": Double(OfflineCache.listSizeLimitBytes),
            "TileCache.sizeLimitBytes": Double(TileCache.sizeLimitBytes),
            "TileCache.trimInterval": seconds(TileCache.trimInterval),
            "WindowGeometry.minimumWidth": Double(WindowGeometry.minimumWidth),
            "WindowGeometry.minimumHeight": Double(WindowGeometry.minimumHeight),
            "WindowGeometry.maximumSide": Double(WindowGeometry.maximumSide),
            "DesktopLocationOptions().patience": seconds(location.patience),
            "DesktopLocationOptions().callTimeout": seconds(location.callTimeout),
            "AlertSettings.maximumRadiusKilometres": Double(AlertSettings.maximumRadiusKilometres),
            "AlertSettings.standard.checkIntervalMinutes": Double(AlertSettings.standard.checkIntervalMinutes * 60),
            "AlertWatcher.summaryThreshold": Double(AlertWatcher.summaryThreshold),
            "AlertMemory.maximumSeen": Double(AlertMemory.maximumSeen),
            "NotificationIconFiles.maximumFiles": Double(NotificationIconFiles.maximumFiles),
            "PossibleMatchesViewModel.shownLimit": Double(PossibleMatchesViewModel.shownLimit),
            "QRCode.maximumBytes": Double(QRCode.maximumBytes),
            "PosterContent.descriptionLimit": Double(PosterContent.descriptionLimit),
            "PosterExport.photoPixels": Double(PosterExport.photoPixels),
            "PosterExport.photoDeadline": seconds(PosterExport.photoDeadline),
        ]
        for field in ReportField.allCases {
            if let length = ReportRules.maximumLength(of: field) {
                limits["ReportRules.maximumLength(of: .\(field.rawValue))"] = Double(length)
            }
        }
        return limits
    }()

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// What one unit is in the table's base units.
    private static let unitSizes: [String: Double] = [
        "bytes": 1, "KiB": 1024, "MiB": 1024 * 1024, "MB": 1_000_000, "seconds": 1, "minutes": 60, "days": 86_400,
        "sightings": 1,
        "characters": 1, "pixels": 1, "connections": 1, "reports": 1, "attempts": 1, "photos": 1,
        "clients": 1, "redirects": 1, "iterations": 1, "problems": 1, "kilometres": 1,
    ]
    private static let sides: Set = ["client", "server", "client and server"]

    struct Row: CustomStringConvertible {
        var what: String
        var value: String
        var unit: String
        var enforcedBy: String
        var constant: String
        var description: String { "\(constant) (\(what))" }
    }

    /// The rows of the table in docs/LIMITS.md, found from this file's place.
    static func documentedRows() throws -> [Row] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/LIMITS.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Row? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else { return nil }
            let cells = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let isSeparator = cells.allSatisfy { $0.allSatisfy { "-: ".contains($0) } }
            guard !isSeparator, cells.first != "What" else { return nil }
            let padded = cells + Array(repeating: "", count: max(0, 5 - cells.count))
            return Row(
                what: padded[0], value: padded[1], unit: padded[2], enforcedBy: padded[3],
                constant: padded[4].trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        }
    }

    /// "40 000 000" MiB and the like, in base units; nil when unreadable.
    static func baseValue(of row: Row) -> Double? {
        let digits = row.value.filter { !$0.isWhitespace && $0 != "_" && $0 != "," }
        guard let number = Double(digits), let size = unitSizes[row.unit] else { return nil }
        return number * size
    }

    @Test("the table is there and each row is well formed")
    func wellFormed() throws {
        let rows = try Self.documentedRows()
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(!row.what.isEmpty, "\(row)")
            #expect(Self.unitSizes[row.unit] != nil, "unknown unit \(row.unit): \(row)")
            #expect(Self.baseValue(of: row) != nil, "unreadable value \(row.value): \(row)")
            #expect(Self.sides.contains(row.enforcedBy), "enforced by \(row.enforcedBy)?: \(row)")
        }
    }

    @Test("each row gives the value its constant has in code")
    func values() throws {
        for row in try Self.documentedRows() {
            guard let documented = Self.baseValue(of: row), let actual = Self.limitsInCode[row.constant] else {
                continue
            }
            #expect(documented == actual, "\(row): the table says \(row.value) \(row.unit), the code \(actual)")
        }
    }

    @Test("every limit in code has one row, and every row names a limit in code")
    func sameLimits() throws {
        let constants = try Self.documentedRows().map(\.constant)
        let documented = Set(constants)
        #expect(documented.count == constants.count, "a constant on two rows: \(constants)")
        let inCode = Set(Self.limitsInCode.keys)
        #expect(inCode.subtracting(documented).sorted() == [], "limits in code with no row in docs/LIMITS.md")
        #expect(documented.subtracting(inCode).sorted() == [], "rows in docs/LIMITS.md that name no limit in code")
    }
}

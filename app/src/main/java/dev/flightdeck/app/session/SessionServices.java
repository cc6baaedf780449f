package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.CheckpointService;
import dev.flightdeck.app.checkpoints.ObjectStoreCheckpoints;
import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.LocalObjectStorage;
import dev.flightdeck.app.diagnose.events.EventFeed;
import dev.flightdeck.app.diagnose.events.EventWindow;
import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.pressure.ControlPlaneFetcher;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.pressure.PressureTracker;
import dev.flightdeck.app.telemetry.TelemetryJudge;
import dev.flightdeck.app.telemetry.TelemetryPoller;
import dev.flightdeck.app.telemetry.TelemetrySources;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

import java.time.Clock;
import java.util.concurrent.TimeUnit;

/**
 * What a session reads besides its watches: checkpoints from object storage, the cluster's Events, the API server's
 * pressure and GPU telemetry. Built once the node LIST is under way; pressure and telemetry start reading once the
 * watches have synced.
 *
 * @param telemetry GPU telemetry (DCGM), read every 30 s once the watches have synced; its findings go into the model
 * @param events    nothing is watched until a screen shows them (see {@link EventFeed})
 */
record SessionServices(ObjectStoreCheckpoints objectStore, CheckpointService checkpoints, EventFeed events,
                       PressureScraper pressure, TelemetryPoller telemetry) implements AutoCloseable {

    /** Builds them all for {@code connection}, and starts pressure and telemetry once {@code model} has synced. */
    static SessionServices start(ClusterConnection connection, SessionOptions options, ClusterModel model) {
        ObjectStoreCheckpoints objectStore = connection.localObjectStorage().map(SessionServices::localObjectStore)
                .orElseGet(() -> new ObjectStoreCheckpoints(options.s3()));
        CheckpointService checkpoints = new CheckpointService(objectStore);
        EventFeed events = new EventFeed(connection.api(), new EventFeed.Options(EventWindow.Limits.DEFAULT,
                options.pageSize(), options.watchIdleLimit(), EventFeed.Options.DEFAULTS.linger()), Clock.systemUTC());
        PressureScraper pressure = new PressureScraper(new ControlPlaneFetcher(connection.api()), new PressureTracker(),
                connection.sandboxMetricsClock().orElse(Clock.systemUTC()), options.metricsInterval());
        TelemetryPoller telemetry = new TelemetryPoller(
                TelemetrySources.firstOf(SessionTelemetry.finders(connection, options, model)),
                new TelemetryJudge(options.gpuStall()), model::gangs, model::onTelemetry,
                Clock.systemUTC(), TelemetryPoller.DEFAULT_INTERVAL);
        // The first scrape waits for the watches to sync: on a large cluster the initial LISTs are
        // the expensive part, and a 2-10 MB /metrics parse should not compete with them for CPU.
        // Telemetry places GPUs by their pods' nodes, which it can only do once the pods are known.
        // Telemetry read through the API server waits while it sheds load (an APF storm); so its first read waits for
        // the first reading with rates (two scrapes, 5 s apart), which says whether it does, or for one that failed.
        telemetry.holdWhile(pressure::sheddingLoad);
        java.util.concurrent.CountDownLatch firstScrape = new java.util.concurrent.CountDownLatch(1);
        pressure.subscribe(reading -> {
            if (reading.failed() || reading.signals().hasRates()) {
                firstScrape.countDown();
            }
        });
        Thread.ofVirtual().name("pressure-start").start(() -> {
            try {
                model.awaitSynced(2, TimeUnit.MINUTES);
                pressure.start();
                firstScrape.await(PressureScraper.FIRST_RATES_AFTER.toSeconds() + 10, TimeUnit.SECONDS);
                telemetry.start();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return new SessionServices(objectStore, checkpoints, events, pressure, telemetry);
    }

    /**
     * The sandbox's own object storage, signed with its dummy keys: the person's AWS credentials
     * (environment, profiles, instance roles) are never sent to it, nor looked up for it.
     */
    private static ObjectStoreCheckpoints localObjectStore(LocalObjectStorage storage) {
        return new ObjectStoreCheckpoints(new S3Settings(storage.endpoint(), "us-east-1", true),
                StaticCredentialsProvider.create(AwsBasicCredentials.create(storage.accessKey(), storage.secretKey())));
    }

    @Override
    public void close() {
        events.close();
        pressure.close();
        telemetry.close();
        objectStore.close();
    }
}

package io.tablecast.projector.viewsets;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.FollowActiveGeneration;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The projectors of the view sets found on the class path ({@link ViewSetProvider}), each in the
 * generation its own {@code ViewCatalog} row names active, following its flips.
 */
public final class ViewSetProjectors implements AutoCloseable {

  /** Turns of one view set that run side by side. */
  public static final int LANES_IN_FLIGHT = 4;

  private final List<FollowActiveGeneration<ViewSetProjector<?>>> projectors;

  private ViewSetProjectors(List<FollowActiveGeneration<ViewSetProjector<?>>> projectors) {
    this.projectors = projectors;
  }

  /**
   * @param settings how each view set's projector runs; {@code afterCrash} for the first generation each one starts
   * @param metrics where each view set's meters go ({@link ViewSetMetrics})
   */
  public static ViewSetProjectors start(KafkaSettings kafka, AzureClients azure, Namespace namespace, List<ProjectedViewSet<?>> viewSets,
      ViewSetProjector.Settings settings, MeterRegistry metrics) {
    List<FollowActiveGeneration<ViewSetProjector<?>>> started = new ArrayList<>();
    if (!viewSets.isEmpty()) {
      TopicProvisioner.ensureKept(kafka, List.of(TopicNames.projectorDlq(namespace)));
    }
    for (ProjectedViewSet<?> views : viewSets) {
      started.add(follow(kafka, azure, namespace, views, settings, new ViewSetMetrics(metrics, views.viewSet().name())));
    }
    return new ViewSetProjectors(started);
  }

  private static <E> FollowActiveGeneration<ViewSetProjector<?>> follow(KafkaSettings kafka, AzureClients azure, Namespace namespace,
      ProjectedViewSet<E> views, ViewSetProjector.Settings settings, ViewSetMetrics metrics) {
    AtomicBoolean firstStart = new AtomicBoolean(settings.afterCrash());
    TopicProvisioner.ensureKept(kafka, views.topics().stream().map(namespace::topic).toList());
    ViewStoreBootstrap.ensure(azure, namespace, views.viewSet());
    return new FollowActiveGeneration<>(new ViewCatalog(azure.tableService(), namespace, views.viewSet()), views.viewSet().name(),
        generation -> ViewSetProjector.start(kafka, azure, generation, views, settings.withAfterCrash(firstStart.getAndSet(false)),
            metrics, Clock.systemUTC()),
        new GenerationStorage(azure).onceCreated());
  }

  /** The view sets whose projector, or a worker of whose steps, has stopped: {@code /health} is DOWN while there is one. */
  public List<String> down() {
    return projectors.stream().filter(follower -> !follower.current().alive()).map(follower -> follower.generation().viewSet().name())
        .toList();
  }

  @Override
  public void close() {
    projectors.forEach(FollowActiveGeneration::close);
  }
}

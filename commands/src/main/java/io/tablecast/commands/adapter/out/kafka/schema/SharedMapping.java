package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.ManagerDetails;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.Violation;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.internal.avro.CompletionKind;
import io.tablecast.internal.avro.RejectionKind;
import java.util.Optional;

/**
 * The nested records that several internal records share (rejections, completions, a manager's
 * details) and the id rules on the wire: ids are strings, employee ids in their canonical 8
 * digits only, department ids as {@link DepartmentId} accepts them. Decoding throws {@link
 * IllegalArgumentException} for a value the domain would refuse; the codec reports it.
 */
final class SharedMapping {

  private SharedMapping() {}

  static io.tablecast.internal.avro.Rejection toAvro(Rejection rejection) {
    return io.tablecast.internal.avro.Rejection.newBuilder()
        .setKind(sameSymbol(rejection.kind(), RejectionKind.class))
        .setCode(rejection.code())
        .setDetail(rejection.detail())
        .setViolations(rejection.violations().stream()
            .map(v -> io.tablecast.internal.avro.Violation.newBuilder().setField(v.field()).setMessage(v.message()).build())
            .toList())
        .build();
  }

  static Rejection fromAvro(io.tablecast.internal.avro.Rejection rejection) {
    return new Rejection(
        sameSymbol(rejection.getKind(), Rejection.Kind.class),
        rejection.getCode(),
        rejection.getDetail(),
        rejection.getViolations().stream().map(v -> new Violation(v.getField(), v.getMessage())).toList());
  }

  static io.tablecast.internal.avro.Completion toAvro(Completion completion) {
    return io.tablecast.internal.avro.Completion.newBuilder()
        .setKind(sameSymbol(completion.kind(), CompletionKind.class))
        .setAggregateId(completion.aggregateId())
        .setVersion(completion.version())
        .setRejection(completion.rejection().map(SharedMapping::toAvro).orElse(null))
        .build();
  }

  static Completion fromAvro(io.tablecast.internal.avro.Completion completion) {
    return new Completion(
        sameSymbol(completion.getKind(), Completion.Kind.class),
        completion.getAggregateId(),
        completion.getVersion(),
        Optional.ofNullable(completion.getRejection()).map(SharedMapping::fromAvro));
  }

  static io.tablecast.internal.avro.ManagerDetails toAvro(ManagerDetails manager) {
    return io.tablecast.internal.avro.ManagerDetails.newBuilder()
        .setFirstName(manager.firstName())
        .setLastName(manager.lastName())
        .setEmail(manager.email())
        .build();
  }

  static ManagerDetails fromAvro(io.tablecast.internal.avro.ManagerDetails manager) {
    return new ManagerDetails(manager.getFirstName(), manager.getLastName(), manager.getEmail());
  }

  /** Only the canonical 8 digits that {@link EmployeeId#canonical()} writes. */
  static EmployeeId employeeId(String field, String text) {
    return EmployeeId.tryParse(text)
        .filter(id -> id.canonical().equals(text))
        .orElseThrow(() -> new IllegalArgumentException("'" + field + "' is not an 8-digit employee id"));
  }

  static DepartmentId departmentId(String field, String text) {
    return DepartmentId.tryParse(text)
        .orElseThrow(() -> new IllegalArgumentException("'" + field + "' is not a department id"));
  }

  /**
   * The constant of the same name in the other enum. The domain's enums and the schemas' have the
   * same symbols (a test checks it), so this fails only on a defect.
   */
  static <E extends Enum<E>> E sameSymbol(Enum<?> constant, Class<E> type) {
    return Enum.valueOf(type, constant.name());
  }
}

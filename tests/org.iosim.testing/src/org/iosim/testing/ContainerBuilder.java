package org.iosim.testing;

import static org.iosim.testing.ModelBuilder.PCM;

import org.iosim.pcm.HddProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceSpecification;
import org.iosim.pcm.ProcessingResourceType;
import org.iosim.pcm.ResourceContainer;

/**
 * Adds processing resources to a resource container of a {@link ModelBuilder}. A resource's id is
 * the container's and its type's, e.g. {@code container.server.cpu}.
 */
public final class ContainerBuilder {

	private final ModelBuilder model;
	private final ResourceContainer container;

	ContainerBuilder(ModelBuilder model, ResourceContainer container) {
		this.model = model;
		this.container = container;
	}

	public ContainerBuilder processorSharing(ProcessingResourceType type, String rate) {
		return resource(type, ModelBuilder.PROCESSOR_SHARING, 1, rate);
	}

	public ContainerBuilder fcfs(ProcessingResourceType type, String rate) {
		return resource(type, ModelBuilder.FCFS, 1, rate);
	}

	/** An infinite-server resource: jobs never wait for each other. */
	public ContainerBuilder delay(ProcessingResourceType type, String rate) {
		return resource(type, ModelBuilder.DELAY, 1, rate);
	}

	/**
	 * @param policy   the scheduling policy's id, e.g. {@link ModelBuilder#FCFS}
	 * @param replicas the number of servers
	 * @param rate     demand units processed per time unit
	 */
	public ContainerBuilder resource(ProcessingResourceType type, String policy, int replicas, String rate) {
		add(PCM.createProcessingResourceSpecification(), type, policy, rate).setNumberOfReplicas(replicas);
		return this;
	}

	/** A disk of type HDD whose read and write services have their own rates, in bytes per time unit. */
	public ContainerBuilder hdd(String policy, String rate, String readRate, String writeRate) {
		HddProcessingResourceSpecification disk = add(PCM.createHddProcessingResourceSpecification(), model.hdd(),
				policy, rate);
		disk.setReadProcessingRate(readRate);
		disk.setWriteProcessingRate(writeRate);
		return this;
	}

	private <S extends ProcessingResourceSpecification> S add(S specification, ProcessingResourceType type,
			String policy, String rate) {
		specification.setId(model.ids.unique(container.getId() + "." + Ids.slug(type.getName())));
		specification.setResourceType(type);
		specification.setSchedulingPolicy(model.schedulingPolicy(policy));
		specification.setProcessingRate(rate);
		container.getProcessingResources().add(specification);
		return specification;
	}

	public ResourceContainer container() {
		return container;
	}
}

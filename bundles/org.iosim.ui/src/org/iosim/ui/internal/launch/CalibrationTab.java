package org.iosim.ui.internal.launch;

import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The calibration's settings, as {@code iosim calibrate} takes them: the measurement database, the
 * output folder, the model's name, the I/O mode, the plans to learn from and to test on, the folds and
 * the seed. The dialog says what is wrong before it lets the user run.
 */
public final class CalibrationTab extends FieldsTab {

	/** The I/O mode choices as shown, and the attribute value of each. */
	private static final List<String> IO_MODE_LABELS = List.of("the database's only mode", "buffered", "direct");
	private static final List<String> IO_MODE_VALUES = List.of("", "buffered", "direct");

	private Combo ioMode;

	public CalibrationTab() {
		super("IOSim Calibration");
	}

	@Override
	public void createControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		area.setLayout(new GridLayout(3, false));
		field(area, CalibrationAttributes.DATABASE, "Measurement &database:", "A database written by 'iosim measure'", "Choose the measurement database:");
		field(area, CalibrationAttributes.OUTPUT_FOLDER, "&Output folder:", "A folder of the workspace for the analysis model and its report, replaced by each run", "Choose a folder of the workspace:");
		field(area, CalibrationAttributes.NAME, "Model &name:", "The analysis model's name; a storage selects it with modelReference", null);
		new Label(area, SWT.NONE).setText("&I/O mode:");
		ioMode = new Combo(area, SWT.READ_ONLY | SWT.DROP_DOWN);
		ioMode.setItems(IO_MODE_LABELS.toArray(String[]::new));
		ioMode.setData(ATTRIBUTE_KEY, CalibrationAttributes.IO_MODE);
		ioMode.setToolTipText("Learn from the buffered or the direct runs; a database holding both needs the choice");
		ioMode.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
		ioMode.addListener(SWT.Selection, event -> changed());
		field(area, CalibrationAttributes.PLANS, "&Plans:", "Learn only from these plans, separated by commas; empty for every plan but the test plans", null);
		field(area, CalibrationAttributes.TEST_PLANS, "&Test plans:", "Plans whose configurations only test the models, separated by commas", null);
		field(area, CalibrationAttributes.FOLDS, "&Folds:", "Cross-validation folds", null);
		field(area, CalibrationAttributes.SEED, "&Seed:", "Seed of the fold partition", null);
		setControl(area);
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		CalibrationAttributes.setDefaults(configuration, null);
	}

	/** The text fields, and the I/O mode's choice. */
	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		super.initializeFrom(configuration);
		String mode;
		try {
			mode = configuration.getAttribute(CalibrationAttributes.IO_MODE, "");
		} catch (CoreException unreadable) {
			mode = "";
		}
		ioMode.select(Math.max(0, IO_MODE_VALUES.indexOf(mode)));
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		super.performApply(configuration);
		configuration.setAttribute(CalibrationAttributes.IO_MODE, IO_MODE_VALUES.get(Math.max(0, ioMode.getSelectionIndex())));
	}

	@Override
	protected String problem(ILaunchConfiguration configuration) {
		return CalibrationAttributes.problem(configuration);
	}

	@Override
	public String getName() {
		return "Calibration";
	}

	@Override
	public String getId() {
		return CalibrationAttributes.TYPE_ID + ".tab";
	}
}

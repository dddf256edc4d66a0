package org.iosim.ui.command.internal;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTabGroup;
import org.eclipse.debug.ui.CommonTab;
import org.eclipse.debug.ui.ILaunchConfigurationDialog;
import org.eclipse.debug.ui.ILaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.iosim.ui.command.CommandLaunch;

/** The "IOSim Command" launch dialog: the command line and the folder to refresh. */
public final class CommandTabGroup extends AbstractLaunchConfigurationTabGroup {

	@Override
	public void createTabs(ILaunchConfigurationDialog dialog, String mode) {
		setTabs(new ILaunchConfigurationTab[] { new CommandTab(), new CommonTab() });
	}

	static final class CommandTab extends AbstractLaunchConfigurationTab {
		private Text arguments;
		private Text refresh;

		@Override
		public void createControl(Composite parent) {
			Composite area = new Composite(parent, SWT.NONE);
			area.setLayout(new GridLayout(2, false));
			new Label(area, SWT.NONE).setText("&Command:");
			arguments = new Text(area, SWT.BORDER | SWT.MULTI | SWT.WRAP);
			GridData tall = new GridData(SWT.FILL, SWT.FILL, true, false);
			tall.heightHint = 80;
			arguments.setLayoutData(tall);
			new Label(area, SWT.NONE);
			new Label(area, SWT.WRAP).setText("As after ./iosim, e.g. regression select --data ${workspace_loc:/project/data.csv}"
					+ " --target delay --out ${workspace_loc:/project}/model.json");
			new Label(area, SWT.NONE).setText("&Refresh folder:");
			refresh = new Text(area, SWT.BORDER | SWT.SINGLE);
			refresh.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
			for (Text text : new Text[] { arguments, refresh }) {
				text.addModifyListener(event -> {
					setDirty(true);
					updateLaunchConfigurationDialog();
				});
			}
			setControl(area);
		}

		@Override
		public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
			configuration.setAttribute(CommandLaunch.ARGUMENTS, "models");
			configuration.setAttribute(CommandLaunch.REFRESH, "");
		}

		@Override
		public void initializeFrom(ILaunchConfiguration configuration) {
			try {
				arguments.setText(configuration.getAttribute(CommandLaunch.ARGUMENTS, ""));
				refresh.setText(configuration.getAttribute(CommandLaunch.REFRESH, ""));
			} catch (CoreException unreadable) {
				setErrorMessage(unreadable.getStatus().getMessage());
			}
		}

		@Override
		public void performApply(ILaunchConfigurationWorkingCopy configuration) {
			configuration.setAttribute(CommandLaunch.ARGUMENTS, arguments.getText().strip());
			configuration.setAttribute(CommandLaunch.REFRESH, refresh.getText().strip());
		}

		@Override
		public boolean isValid(ILaunchConfiguration configuration) {
			setErrorMessage(arguments.getText().isBlank() ? "a command is needed, e.g. regression select ..." : null);
			return !arguments.getText().isBlank();
		}

		@Override
		public String getName() {
			return "Command";
		}
	}
}
